// Compressed row lists (CSR) and the growable integer lists they are built from.

/** Row r holds `values[offsets[r]]` up to (not including) `values[offsets[r + 1]]`. */
export type Rows = { offsets: Int32Array; values: Int32Array };

/** A growable list of 32-bit integers (typed, so millions of entries cost 4 bytes each and no GC scans). */
export type IntList = { items: Int32Array; length: number };

/** An empty IntList. */
export function createIntList(capacity = 1024): IntList {
  return { items: new Int32Array(capacity), length: 0 };
}

/** Appends one integer, doubling the storage when full. */
export function pushInt(list: IntList, value: number): void {
  if (list.length === list.items.length) {
    const grown = new Int32Array(list.items.length * 2);
    grown.set(list.items);
    list.items = grown;
  }
  list.items[list.length++] = value;
}

/** Groups `(rows[i], values[i])` pairs into `rowCount` rows, keeping the pairs' order within each row. */
export function toRows(rowCount: number, rows: IntList, values: IntList): Rows {
  const offsets = new Int32Array(rowCount + 1);
  const n = rows.length;
  for (let i = 0; i < n; i++) offsets[rows.items[i] + 1]++;
  for (let r = 0; r < rowCount; r++) offsets[r + 1] += offsets[r];
  const next = offsets.slice(0, rowCount);
  const packed = new Int32Array(n);
  for (let i = 0; i < n; i++) packed[next[rows.items[i]]++] = values.items[i];
  return { offsets, values: packed };
}

/** An IntList holding `values`. */
export function toIntList(values: readonly number[]): IntList {
  return { items: Int32Array.from(values), length: values.length };
}
