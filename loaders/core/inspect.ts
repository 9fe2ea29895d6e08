// Column profiles for `sorrel init`: each column's inferred type, nullability and exact distinct count.
import type * as arrow from 'apache-arrow';
import type { InternalType } from '../../src/contract/model.ts';
import type { LoadOptions } from './column.ts';
import { loadTable } from '../load.ts';

/** What `sorrel init` learns about a column. */
export type ColumnProfile = { name: string; type: InternalType; nullable: boolean; distinct: number; rows: number };

/** Loads a file and profiles every column: type, whether any value is null, and non-null distinct values. */
export async function inspectColumns(path: string, opts: LoadOptions = {}): Promise<ColumnProfile[]> {
  const { table, types, rows } = await loadTable(path, opts);
  return table.schema.fields.map((field, i) => {
    const data = table.getChildAt(i)!.data[0];
    return {
      name: field.name,
      type: types[field.name],
      nullable: data.nullCount > 0,
      distinct: countDistinct(data),
      rows,
    };
  });
}

function countDistinct(data: arrow.Data): number {
  if (data.dictionary) return data.dictionary.length; // canonical dictionaries hold exactly the values in use
  const bits = data.nullCount > 0 ? data.nullBitmap! : null;
  const valid = (i: number) => bits === null || (bits[i >> 3] & (1 << (i & 7))) !== 0;
  if (data.values instanceof Uint8Array) {
    let seen = 0;
    for (let i = 0; i < data.length && seen !== 3; i++)
      if (valid(i)) seen |= (data.values[i >> 3] >> (i & 7)) & 1 ? 2 : 1;
    return (seen & 1) + (seen >> 1);
  }
  const values = data.values as Float64Array | BigInt64Array | Int32Array;
  const kept = new (values.constructor as Float64ArrayConstructor)(
    data.length - data.nullCount,
  ) as unknown as typeof values;
  let k = 0;
  for (let i = 0; i < data.length; i++) if (valid(i)) kept[k++] = values[i];
  kept.sort();
  let distinct = 0;
  for (let i = 0; i < kept.length; i++) {
    // -0 and 0 are one value; NaN (sorted last) counts once.
    if (i === 0 || (kept[i] !== kept[i - 1] && !(kept[i] !== kept[i] && kept[i - 1] !== kept[i - 1]))) distinct++;
  }
  return distinct;
}
