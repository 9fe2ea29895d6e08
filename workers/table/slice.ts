// A table's rows [start, end) as a table of their own: the part of a split task (src/parallel/split.ts) one thread scans.
import { countNulls } from '../../src/common/bitmap.ts';
import type { RowRange } from '../../src/contract/tasks.ts';
import type { ColumnView, TableView } from './columns.ts';

// Why views and not copies: a sliced column is the same shared memory seen from row `start` on
// (`subarray` for values, the bit offset moved for validity and booleans), so every compute
// function, the context mask included, runs unchanged over the slice's rows only. Slices are
// cached with their table, so what a compute module keeps per column view (an integer column's
// span, workers/group/offsets.ts) is worked out once per slice and thread, as it is for whole columns.
const slices = new WeakMap<TableView, Map<string, TableView>>();

/** The rows [start, end) of `table`, from this thread's cache when seen before. */
export function sliceTable(table: TableView, [start, end]: RowRange): TableView {
  if (start === 0 && end === table.rows) return table;
  if (!(0 <= start && start <= end && end <= table.rows))
    throw new Error(`Rows [${start}, ${end}) are outside table ${table.key} of ${table.rows} rows.`);
  let byRange = slices.get(table);
  if (byRange === undefined) slices.set(table, (byRange = new Map()));
  const id = `${start}:${end}`;
  const hit = byRange.get(id);
  if (hit) return hit;
  const columns = new Map<string, ColumnView>();
  const view: TableView = {
    key: `${table.key}[${id}]`,
    rows: end - start,
    column(name: string): ColumnView {
      let col = columns.get(name);
      if (col === undefined) columns.set(name, (col = sliceColumn(table.column(name), start, end)));
      return col;
    },
  };
  byRange.set(id, view);
  return view;
}

/** Rows [start, end) of one column: the same buffers from row `start` on. */
export function sliceColumn(col: ColumnView, start: number, end: number): ColumnView {
  const offset = col.offset + start;
  const length = end - start;
  // bool values are bits read at `offset + i`, like the validity bitmap: only the offset moves.
  const values = col.kind === 'bool' ? col.values : col.values.subarray(start, end);
  const nullCount = col.validity === null ? 0 : countNulls(col.validity, offset, length);
  return { ...col, values, offset, length, nullCount, validity: nullCount > 0 ? col.validity : null };
}
