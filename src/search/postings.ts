// Pieces and token postings: every normalised piece, its source, and the pieces and sources of each token.
import { createIntList, pushInt, toRows, type Rows } from './rows.ts';
import type { SourceTexts } from './graph.ts';
import { normalizeText } from './text.ts';

const NOT_WORD = /[^\p{L}\p{N}]/u;

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
  punctuated: Uint8Array; // token → 1 when it holds a character that is not a letter or digit
  tokenPieces: Rows;
  tokenSources: Rows;
};

/** Normalises every source's texts into pieces (empty ones dropped) and indexes their distinct tokens. */
export function buildPostings(sourceCount: number, texts: SourceTexts): Postings {
  const pieceText: string[] = [];
  const pieceSource = createIntList();
  const tokens: string[] = [];
  const tokenIds = new Map<string, number>();
  const lastPiece = createIntList(); // token → the last piece that listed it, to list it once per piece
  const pairToken = createIntList(),
    pairPiece = createIntList();
  for (let s = 0; s < sourceCount; s++) {
    for (const raw of texts(s)) {
      if (!raw) continue;
      const text = normalizeText(raw);
      if (text === '') continue;
      const piece = pieceText.length;
      pieceText.push(text === raw ? raw : text);
      pushInt(pieceSource, s);
      for (const token of text.split(' ')) {
        let id = tokenIds.get(token);
        if (id === undefined) {
          id = tokens.length;
          tokens.push(token);
          tokenIds.set(token, id);
          pushInt(lastPiece, -1);
        }
        if (lastPiece.items[id] === piece) continue;
        lastPiece.items[id] = piece;
        pushInt(pairToken, id);
        pushInt(pairPiece, piece);
      }
    }
  }
  const sources = pieceSource.items.slice(0, pieceSource.length);
  const tokenPieces = toRows(tokens.length, pairToken, pairPiece);
  const tokenSources = distinctSources(tokenPieces, sources);
  const punctuated = Uint8Array.from(tokens, (token) => (NOT_WORD.test(token) ? 1 : 0));
  return { pieceText, pieceSource: sources, tokens, tokenIds, punctuated, tokenPieces, tokenSources };
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
