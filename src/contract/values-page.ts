// The values-page task (API.md §4, §14): one page, count or seeded draw of an engine column's values, computed by the engine.
import type { ContextNode } from './context.ts';
import type { ValuesPick, ValuesQuery } from './engine.ts';
import type { TableRef } from './storage.ts';

/** → ValuesPage (src/contract/engine.ts): the values `pick` selects among those `context` and `query` keep. */
export type ValuesPageTask = {
  kind: 'values-page';
  table: TableRef;
  column: string;
  context: ContextNode | null;
  query: ValuesQuery | null;
  pick: ValuesPick;
};
