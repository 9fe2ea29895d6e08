// The frozen Snapshot: catalog + loaded tables + precomputed values/stats + search index.
import type { Category, Concept, DatasetInfo, Field, StatsResult, User } from './types.ts';
import type { SearchIndex } from './search/index.ts';

/** Context-naive distinct values of one field, ascending by value (API.md §4 order). */
export type FieldValues = {
  values: (number | string)[];   // storage units (see types.ts)
  labels: string[];              // display label of each value
  counts: number[];              // records carrying each value
  nullCount: number;
};

export type Snapshot = Readonly<{
  version: string;                               // hash of catalog + data; part of every ETag
  title: string;
  categories: ReadonlyMap<number, Category>;
  fields: ReadonlyMap<number, Field>;
  concepts: ReadonlyMap<number, Concept>;
  datasets: ReadonlyMap<string, DatasetInfo>;
  values: ReadonlyMap<number, FieldValues>;      // every field
  stats: ReadonlyMap<number, StatsResult>;       // number/date/time/datetime fields
  search: SearchIndex;
  isFieldVisible(user: User, id: number): boolean;
  isConceptVisible(user: User, id: number): boolean;
}>;
