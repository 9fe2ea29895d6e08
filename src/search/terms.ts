// Which text sources one query term matches, computed exactly from the token postings.
import type { Postings } from './postings.ts';
import { containsPhrase, type QueryTerm } from './query.ts';
import type { TokenFinder } from './tokens.ts';

/** The sources a term matches: one flag per source id, and the matched ids in discovery order. */
export type SourceSet = { has: Uint8Array; list: number[] };

/**
 * Matches one term against every source. A plain term (substring) and a one-word phrase (whole word)
 * each lie inside a single token, so they are decided on tokens. A phrase of n ≥ 2 words spans n
 * consecutive tokens: the first ends with its first word, the middle ones equal its middle words and
 * the last starts with its last word. The rarest of those token groups gives the candidate pieces,
 * and each candidate piece is checked with the same `containsPhrase` that `matchesPieces` uses.
 */
export function matchSources(postings: Postings, findTokens: TokenFinder, sourceCount: number, term: QueryTerm): SourceSet {
  const set: SourceSet = { has: new Uint8Array(sourceCount), list: [] };
  const { words, text } = term;
  if (!term.phrase) {
    addTokens(set, postings, findTokens(text));
  } else if (words.length === 1) {
    addTokens(set, postings, findTokens(text).filter((t) => containsPhrase(postings.tokens[t]!, text)));
  } else {
    const { pieceText, pieceSource, tokenPieces } = postings;
    for (const t of rarestGroup(postings, findTokens, words)) {
      for (let k = tokenPieces.offsets[t]; k < tokenPieces.offsets[t + 1]; k++) {
        const piece = tokenPieces.values[k];
        const s = pieceSource[piece];
        if (!set.has[s] && containsPhrase(pieceText[piece]!, text)) add(set, s);
      }
    }
  }
  return set;
}

function addTokens(set: SourceSet, postings: Postings, tokens: readonly number[]): void {
  const { offsets, values } = postings.tokenSources;
  for (const t of tokens) {
    for (let k = offsets[t]; k < offsets[t + 1]; k++) {
      if (!set.has[values[k]]) add(set, values[k]);
    }
  }
}

function add(set: SourceSet, s: number): void {
  set.has[s] = 1;
  set.list.push(s);
}

/** The token group (one per phrase word position) whose tokens occur in the fewest pieces. */
function rarestGroup(postings: Postings, findTokens: TokenFinder, words: readonly string[]): readonly number[] {
  const { tokens, tokenIds } = postings;
  const groups: (readonly number[])[] = [];
  for (let i = 1; i < words.length - 1; i++) {
    const id = tokenIds.get(words[i]!);
    if (id === undefined) return [];
    groups.push([id]);
  }
  if (groups.length === 0) {
    const first = words[0]!, last = words[words.length - 1]!;
    groups.push(findTokens(first).filter((t) => tokens[t]!.endsWith(first)));
    groups.push(findTokens(last).filter((t) => tokens[t]!.startsWith(last)));
  }
  let best = groups[0]!, bestCost = Infinity;
  for (const group of groups) {
    const cost = pieceCount(postings, group);
    if (cost < bestCost) [best, bestCost] = [group, cost];
  }
  return best;
}

function pieceCount(postings: Postings, group: readonly number[]): number {
  const { offsets } = postings.tokenPieces;
  let n = 0;
  for (const t of group) n += offsets[t + 1] - offsets[t];
  return n;
}
