// Pieces and token postings: every normalised piece, its source, and the pieces and sources of each token.
import { toRows, type Rows } from './rows.ts';
import type { SourceTexts } from './graph.ts';
import { normalizeText } from './text.ts';

/**
 * Why tokens are enough: pieces are normalised (single spaces, trimmed) and a plain query term holds no
 * whitespace, so a term occurs in a piece exactly when it occurs inside one of the piece's tokens.
 * `tokenSources` therefore answers plain terms exactly; `tokenPieces` narrows phrases down to the few
 * pieces that must be checked one by one. Pieces are numbered source by source, so the sources of a
 * token's (ascending) pieces come out ascending and duplicates are adjacent.
 */
export type Postings = {
  pieceText: readonly string[];
  pieceSource: Int32Array;
  tokens: readonly string[];
  tokenIds: ReadonlyMap<string, number>;
  tokenPieces: Rows;
  tokenSources: Rows;
};

/** Normalises every source's texts into pieces (empty and repeated ones dropped) and indexes their tokens. */
export function buildPostings(sourceCount: number, texts: SourceTexts): Postings {
  const pieceText: string[] = [];
  const pieceSource: number[] = [];
  const tokens: string[] = [];
  const tokenIds = new Map<string, number>();
  const pairToken: number[] = [], pairPiece: number[] = [];
  const seenPiece = new Set<string>();
  const seenToken = new Set<string>();
  for (let s = 0; s < sourceCount; s++) {
    seenPiece.clear();
    for (const raw of texts(s)) {
      if (!raw) continue;
      const text = normalizeText(raw);
      if (text === '' || seenPiece.has(text)) continue;
      seenPiece.add(text);
      const piece = pieceText.length;
      pieceText.push(text === raw ? raw : text);
      pieceSource.push(s);
      seenToken.clear();
      for (const token of text.split(' ')) {
        if (seenToken.has(token)) continue;
        seenToken.add(token);
        let id = tokenIds.get(token);
        if (id === undefined) {
          id = tokens.length;
          tokens.push(token);
          tokenIds.set(token, id);
        }
        pairToken.push(id);
        pairPiece.push(piece);
      }
    }
  }
  const sources = Int32Array.from(pieceSource);
  const tokenPieces = toRows(tokens.length, pairToken, pairPiece);
  return { pieceText, pieceSource: sources, tokens, tokenIds, tokenPieces, tokenSources: distinctSources(tokenPieces, sources) };
}

function distinctSources(tokenPieces: Rows, pieceSource: Int32Array): Rows {
  const { offsets, values } = tokenPieces;
  const rows = offsets.length - 1;
  const out = new Int32Array(values.length);
  const outOffsets = new Int32Array(rows + 1);
  let n = 0;
  for (let t = 0; t < rows; t++) {
    let last = -1;
    for (let k = offsets[t]; k < offsets[t + 1]; k++) {
      const s = pieceSource[values[k]];
      if (s !== last) out[n++] = last = s;
    }
    outOffsets[t + 1] = n;
  }
  return { offsets: outOffsets, values: out.slice(0, n) };
}
