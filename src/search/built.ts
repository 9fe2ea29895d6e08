// What a built search index holds: the graph of sources, token postings, short grams and the token finder.
import type { ShortGrams } from './grams.ts';
import type { Graph } from './graph.ts';
import type { Postings } from './postings.ts';
import type { TokenFinder } from './tokens.ts';

/** A built search index; treat as opaque and immutable. */
export type SearchIndex = Readonly<{
  graph: Graph;
  postings: Postings;
  shortGrams: ShortGrams;
  findTokens: TokenFinder;
}>;
