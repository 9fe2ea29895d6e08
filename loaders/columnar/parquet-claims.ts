// A Parquet file's string columns read by row group on two threads at once: each thread claims the next row group until none is left.
import { basename } from 'node:path';
import type { ChunkConverter } from './chunks.ts';
import type { Column } from '../core/column.ts';
import { openParquet, readRowGroup, useRowGroup } from './parquet-read.ts';
import { createStringConverter } from './strings.ts';

/**
 * The claims on a file's row groups, in shared memory so that both threads see them: the next row
 * group nobody has claimed, the rows read so far (for the load log), and which thread read each row
 * group (-1 until claimed). Made by the main thread, passed to the worker as its buffer.
 */
export type Claims = { next: Int32Array; owner: Int32Array; done: BigInt64Array };

/** Fresh claims on `groups` row groups, in one SharedArrayBuffer (`toClaims(createClaims(n).buffer)` views it again). */
export function createClaims(groups: number): Claims {
  const claims = toClaims(new SharedArrayBuffer(8 + 4 * (groups + 1)));
  claims.owner.fill(-1);
  return claims;
}

/** The claims held in `buffer` (as createClaims laid them out). */
export function toClaims(buffer: SharedArrayBuffer): Claims {
  const groups = (buffer.byteLength - 12) / 4;
  return {
    done: new BigInt64Array(buffer, 0, 1),
    next: new Int32Array(buffer, 8, 1),
    owner: new Int32Array(buffer, 12, groups),
  };
}

/** Stops every thread's claiming: the next row group is past the last (after a failure, the plain load runs). */
export function stopClaims(claims: Claims): void {
  Atomics.store(claims.next, 0, claims.owner.length);
}

/**
 * Reads the string columns `names` (in file order) of each row group this thread claims, thread
 * number `who`, until every row group is claimed. A column comes back full length with the codes
 * and nulls of this thread's row groups only (the other rows 0 and valid), its dictionary in this
 * thread's first-seen order, or null when the thread claimed no row group; string-merge.ts joins
 * the two threads' pieces. Why claims and not a fixed share: what a row of strings costs (decoding,
 * then a hash lookup in a table that outgrows the cache) is not known from the file's metadata, and
 * the worker thread starts ~0.3 s late (its modules, compiling parquet-wasm), so each thread takes
 * the next row group when it is free and both end within one row group of each other. `onGroup`
 * learns the rows both threads have read so far. A failure stops the other thread's claiming too.
 */
export async function readClaimedStrings(
  path: string,
  names: readonly string[],
  groupRows: readonly number[],
  claims: Claims,
  who: number,
  onGroup?: (rowsDone: number) => void,
): Promise<(Column | null)[]> {
  const file = basename(path);
  const rows = groupRows.reduce((n, r) => n + r, 0);
  const starts: number[] = [];
  for (let g = 0, at = 0; g < groupRows.length; at += groupRows[g++]) starts.push(at);
  // Made at the first row group claimed, from its Arrow types (asserted: TypeScript cannot see the callback assign it).
  let converters = null as ChunkConverter[] | null;
  let taken = 0;
  try {
    const { wasm, parquet, close } = await openParquet(path);
    try {
      for (let g = Atomics.add(claims.next, 0, 1); g < groupRows.length; g = Atomics.add(claims.next, 0, 1)) {
        Atomics.store(claims.owner, g, who);
        const table = await readRowGroup(parquet, [g], groupRows[g], file, [...names]);
        useRowGroup(wasm, table, (group) => {
          converters ??= group.fields.map((f) => createStringConverter({ file, name: f.name, type: f.type, rows }));
          group.fields.forEach((f, i) => {
            if (f.name !== names[i]) throw new Error(`loader bug: row group ${g} gave column "${f.name}" at ${i}`);
            let at = starts[g];
            for (const d of group.chunks[i]) {
              converters![i].add(d, at);
              at += d.length;
            }
          });
        });
        taken += groupRows[g];
        const done = Atomics.add(claims.done, 0, BigInt(groupRows[g])) + BigInt(groupRows[g]);
        onGroup?.(Number(done));
      }
    } finally {
      await close();
    }
  } catch (err) {
    stopClaims(claims);
    throw err;
  }
  return names.map((_, i) => converters?.[i].finish(taken) ?? null);
}
