// Which text sources one query term matches, computed exactly from the token postings.
import { shortGramId } from './grams.ts';
import type { SearchIndex } from './built.ts';
import { containsPhrase, type QueryTerm } from './query.ts';
import type { Rows } from './rows.ts';

/** The sources a term matches: one flag per source id, and the matched ids in discovery order. */
export type SourceSet = { has: Uint8Array; list: number[] };

/**
 * Matches one term against every source. A plain term (substring) and a one-word phrase (whole word)
 * each lie inside a single token, so they are decided on tokens (a plain term of one or two
 * characters straight from the short-gram table). A phrase of n ≥ 2 words spans n consecutive
 * tokens: the first ends with its first word, the middle ones equal its middle words and the last
 * starts with its last word. The rarest of those token groups gives the candidate pieces, and each
 * candidate piece is checked with the same `containsPhrase` that `matchesPieces` uses.
 */
export function matchSources(index: SearchIndex, term: QueryTerm): SourceSet {
  const set: SourceSet = { has: new Uint8Array(index.graph.sourceCount), list: [] };
  const { postings } = index;
  const { words, text } = term;
  if (!term.phrase && text.length <= 2) {
    const g = shortGramId(index.shortGrams, text);
    if (g !== undefined) addRow(set, index.shortGrams.sources, g);
  } else if (!term.phrase) {
    addTokens(set, index, index.findTokens(text));
  } else if (words.length === 1) {
    addTokens(set, index, wholeWordTokens(index, text));
  } else {
    const { pieceText, pieceSource, tokenPieces } = postings;
    const group = rarestGroup(index, words);
    for (let i = 0; i < group.length; i++) {
      for (let k = tokenPieces.offsets[group[i]!]; k < tokenPieces.offsets[group[i]! + 1]; k++) {
        const piece = tokenPieces.values[k];
        const s = pieceSource[piece];
        if (set.has[s] === 0 && containsPhrase(pieceText[piece]!, text)) addSource(set, s);
      }
    }
  }
  return set;
}

/**
 * Tokens holding `text` as a whole word. Such a token either is `text` itself or holds a character
 * that is not a letter or digit (next to the occurrence, or inside `text`), so only the punctuated
 * tokens among those containing `text` need the full check.
 */
function wholeWordTokens(index: SearchIndex, text: string): number[] {
  const { tokens, punctuated, tokenIds } = index.postings;
  const exact = tokenIds.get(text);
  const candidates = index.findTokens(text);
  const found: number[] = [];
  for (let i = 0; i < candidates.length; i++) {
    const t = candidates[i]!;
    if (t === exact || (punctuated[t] === 1 && containsPhrase(tokens[t]!, text))) found.push(t);
  }
  return found;
}

/** The token group (one per phrase word position) whose tokens occur in the fewest pieces. */
function rarestGroup(index: SearchIndex, words: readonly string[]): ArrayLike<number> {
  const { tokens, tokenIds } = index.postings;
  const groups: ArrayLike<number>[] = [];
  for (let i = 1; i < words.length - 1; i++) {
    const id = tokenIds.get(words[i]!);
    if (id === undefined) return [];
    groups.push([id]);
  }
  if (groups.length === 0) {
    const first = words[0]!,
      last = words[words.length - 1]!;
    groups.push(pickTokens(index.findTokens(first), (t) => tokens[t]!.endsWith(first)));
    groups.push(pickTokens(index.findTokens(last), (t) => tokens[t]!.startsWith(last)));
  }
  let best = groups[0]!,
    bestCost = Infinity;
  for (const group of groups) {
    let cost = 0;
    for (let i = 0; i < group.length; i++)
      cost += index.postings.tokenPieces.offsets[group[i]! + 1] - index.postings.tokenPieces.offsets[group[i]!];
    if (cost < bestCost) [best, bestCost] = [group, cost];
  }
  return best;
}

function pickTokens(candidates: ArrayLike<number>, keep: (t: number) => boolean): number[] {
  const out: number[] = [];
  for (let i = 0; i < candidates.length; i++) if (keep(candidates[i]!)) out.push(candidates[i]!);
  return out;
}

function addTokens(set: SourceSet, index: SearchIndex, tokens: ArrayLike<number>): void {
  for (let i = 0; i < tokens.length; i++) addRow(set, index.postings.tokenSources, tokens[i]!);
}

function addRow(set: SourceSet, rows: Rows, r: number): void {
  for (let k = rows.offsets[r]; k < rows.offsets[r + 1]; k++) {
    if (set.has[rows.values[k]] === 0) addSource(set, rows.values[k]);
  }
}

/** Marks source `s` as matched (it must not be yet). */
export function addSource(set: SourceSet, s: number): void {
  set.has[s] = 1;
  set.list.push(s);
}
