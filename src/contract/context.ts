// The context filter tree (API.md §6) after validation on the main thread, as the workers receive it.
import type { InternalType } from './model.ts';

export type ContextCondition = {
  field: number;
  column: string;
  type: InternalType;
  operator: string; // one of the field's operator codes
  value: unknown; // already converted to storage units (see ContextValue below)
};
export type ContextBranch = { type: 'and' | 'or'; children: ContextNode[] };
export type ContextNode = ContextCondition | ContextBranch;
