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
  /** Appends the cells of column `col` of a block of delimited rows. */
  pushBlock(block: CellBlock, col: number): void;
  /** Sizes the storage for about `rows` rows in all, so it is not grown by doubling (a hint). */
  reserve(rows: number): void;
  /** Appends nulls until the column has `rows` rows. */
  padTo(rows: number): void;
  /** Values of mixed kinds met that need the source text (retry as text); a JSON integer beyond 2^53 (retry exactly). */
  status(): { conflict: boolean; inexact: boolean };
  finish(): Column;
};

/** Where a builder's values come from and what they must become. */
export type BuilderSpec = { file: string; name: string; override?: InternalType; verbatim: boolean };

/**
 * Rows of a delimited file as byte ranges of its UTF-8 text (checked): cell c of row r spans
 * `bytes[bounds[2k] .. bounds[2k + 1])`, k = r * width + c. An end of -1 marks a cell whose text is
 * not its bytes (a quoted cell with doubled quotes): its text is `texts[k]`.
 */
export type CellBlock = { bytes: Buffer; bounds: Int32Array; texts: string[]; width: number; rows: number };

/** The text of cell `col` of row `row` in a block. */
export function cellText(block: CellBlock, row: number, col: number): string {
  const k = row * block.width + col,
    end = block.bounds[2 * k + 1];
  if (end < 0) return block.texts[k];
  return block.bytes.toString('utf8', block.bounds[2 * k], end);
}
