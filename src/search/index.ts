// Metadata and data-value search over fields and concepts (API.md §5): build once, query per request.
import { evaluateConcepts, evaluateFields, type Visibility } from './evaluate.ts';
import type { SearchIndex } from './built.ts';
import { buildShortGrams } from './grams.ts';
import { buildGraph } from './graph.ts';
import { buildPostings } from './postings.ts';
import type { ParsedQuery } from './query.ts';
import { matchSources, type SourceSet } from './terms.ts';
import type { SearchInput } from './graph.ts';
import { createTokenFinder } from './tokens.ts';

export type { SearchInput } from './graph.ts';
export type { Visibility } from './evaluate.ts';

export type { SearchIndex } from './built.ts';

/** Builds the index over every field and concept, visible or not (visibility is applied per query). */
export function buildSearchIndex(input: SearchInput): SearchIndex {
  const { graph, texts } = buildGraph(input);
  const postings = buildPostings(graph.sourceCount, texts);
  const shortGrams = buildShortGrams(postings.tokens, postings.tokenSources, graph.sourceCount);
  return Object.freeze({ graph, postings, shortGrams, findTokens: createTokenFinder(postings.tokens, shortGrams) });
}

/** Visible fields matching the query, id → relevance tier (0 exact name … 4 data values only). */
export function searchFields(index: SearchIndex, q: ParsedQuery, visible: Visibility): Map<number, number> {
  return evaluateFields(index.graph, q, matchTerms(index, q), visible);
}

/** Visible concepts matching the query, id → relevance tier (0 exact name … 4 data values only). */
export function searchConcepts(index: SearchIndex, q: ParsedQuery, visible: Visibility): Map<number, number> {
  return evaluateConcepts(index.graph, q, matchTerms(index, q), visible);
}

function matchTerms(index: SearchIndex, q: ParsedQuery): SourceSet[] {
  return q.terms.map((term) => matchSources(index, term));
}
