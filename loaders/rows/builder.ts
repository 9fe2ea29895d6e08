// Column builders for row formats (CSV, TSV, NDJSON, JSON): the contract and the choice between them.
import type { InternalType } from '../../src/contract/types.ts';
import { createCastingBuilder } from './override.ts';
import type { Column } from '../core/column.ts';
import { createInferringBuilder } from './infer.ts';
import { createVerbatimBuilder } from './text.ts';

/** Accumulates one column row by row in storage units, then yields it as a Column. */
export type ColumnBuilder = {
  readonly name: string;
  /** Rows pushed so far. */
  length(): number;
  /** Appends a CSV/TSV cell; the empty string is null. */
  pushText(s: string): void;
  /** Appends a JSON value; null and undefined are null. */
  pushValue(v: unknown): void;
  /** Appends nulls until the column has `rows` rows. */
  padTo(rows: number): void;
  /** Values of mixed kinds met that need the source text (retry as text); a JSON integer beyond 2^53 (retry exactly). */
  status(): { conflict: boolean; inexact: boolean };
  finish(): Column;
};

/** Where a builder's values come from and what they must become. */
export type BuilderSpec = { file: string; name: string; override?: InternalType; verbatim: boolean };

/** The builder a column needs: verbatim for char/text (or mixed) columns, casting for overrides, else inferring. */
export function createColumnBuilder(spec: BuilderSpec): ColumnBuilder {
  const { file, name, override } = spec;
  if (override === 'char' || override === 'text') return createVerbatimBuilder(file, name, override);
  if (override) return createCastingBuilder(file, name, override);
  return spec.verbatim ? createVerbatimBuilder(file, name, null) : createInferringBuilder(file, name);
}
