// Metadata and data-value search over fields and concepts (API.md §5): build once, query per request.
import { evaluateConcepts, evaluateFields, type Visibility } from './evaluate.ts';
import type { SearchIndex } from './built.ts';
import { buildShortGrams } from './grams.ts';
import { buildGraph } from './graph.ts';
import { buildPostings } from './postings.ts';
import type { ParsedQuery } from './query.ts';
import type { ValueHits } from './pushed.ts';
import { addSource, matchSources, type SourceSet } from './terms.ts';
import type { SearchInput } from './graph.ts';
import { createTokenFinder } from './tokens.ts';

export type { SearchInput } from './graph.ts';
export type { Visibility } from './evaluate.ts';
export { toValueTerms, type ValueHits } from './pushed.ts';
export { parseQuery, type ParsedQuery } from './query.ts';

export type { SearchIndex } from './built.ts';

/** Builds the index over every field and concept, visible or not (visibility is applied per query). */
export function buildSearchIndex(input: SearchInput): SearchIndex {
  const { graph, texts } = buildGraph(input);
  const postings = buildPostings(graph.sourceCount, texts);
  const shortGrams = buildShortGrams(postings.tokens, postings.tokenSources, graph.sourceCount);
  return Object.freeze({ graph, postings, shortGrams, findTokens: createTokenFinder(postings.tokens, shortGrams) });
}

/**
 * Visible fields matching the query, id → relevance tier (0 exact name … 4 data values only).
 * `pushed`: what pushed value searches found in values the index does not hold (API.md §14).
 */
export function searchFields(
  index: SearchIndex,
  q: ParsedQuery,
  visible: Visibility,
  pushed?: ValueHits,
): Map<number, number> {
  return evaluateFields(index.graph, q, matchTerms(index, q, pushed), visible);
}

/** Visible concepts matching the query, id → relevance tier (0 exact name … 4 data values only). */
export function searchConcepts(
  index: SearchIndex,
  q: ParsedQuery,
  visible: Visibility,
  pushed?: ValueHits,
): Map<number, number> {
  return evaluateConcepts(index.graph, q, matchTerms(index, q, pushed), visible);
}

function matchTerms(index: SearchIndex, q: ParsedQuery, pushed: ValueHits | undefined): SourceSet[] {
  const sets = q.terms.map((term) => matchSources(index, term));
  if (!pushed?.size) return sets;
  const { fieldIds, fvBase } = index.graph;
  // A pushed hit is one more matched source: the field's values (FV), as if the index held them all.
  for (let f = 0; f < fieldIds.length; f++) {
    const hits = pushed.get(fieldIds[f]!);
    if (!hits) continue;
    for (const i of hits) if (sets[i] && sets[i]!.has[fvBase + f] === 0) addSource(sets[i]!, fvBase + f);
  }
  return sets;
}
