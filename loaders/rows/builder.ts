// The column-builder contract for row formats (CSV, TSV, NDJSON, JSON): what every builder implements.
import type { InternalType } from '../../src/contract/model.ts';
import type { Column } from '../core/column.ts';

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
