// Counting packed group keys, block by block, until there are more groups than allowed.
import type { Keys } from './rank.ts';

/** Groups in key order: one member position each (`reps`) and their counts; null when over the limit. */
export type Found = { reps: Int32Array; counts: Float64Array } | null;

/** Takes keys a block at a time (`from` = the block's first position); false once the groups exceed the limit. */
export type KeyCounter = { add(keys: Keys, from: number): boolean; finish(): NonNullable<Found> };

/**
 * A counter in a dense array of `card` slots when `direct`, else in a Map. Fed block by block,
 * interleaved with the folding of the keys (group.ts), a distribution that has too many groups
 * stops at the block where the limit is passed instead of after folding every row.
 */
export function createKeyCounter(direct: boolean, card: number, maxGroups: number): KeyCounter {
  return direct ? directCounter(card, maxGroups) : hashedCounter(maxGroups);
}

/** Counts all the keys at once. */
export function countKeys(keys: Keys, direct: boolean, card: number, maxGroups: number): Found {
  const counter = createKeyCounter(direct, card, maxGroups);
  return counter.add(keys, 0) ? counter.finish() : null;
}

function directCounter(card: number, maxGroups: number): KeyCounter {
  const slots = new Float64Array(card);
  const first = new Int32Array(card);
  let groups = 0;
  return {
    add(keys, from) {
      for (let p = 0; p < keys.length; p++) {
        const k = keys[p];
        if (slots[k]++ === 0) {
          first[k] = from + p;
          if (++groups > maxGroups) return false;
        }
      }
      return true;
    },
    finish() {
      const reps = new Int32Array(groups),
        counts = new Float64Array(groups);
      for (let k = 0, g = 0; k < card; k++) {
        if (slots[k] === 0) continue;
        reps[g] = first[k];
        counts[g++] = slots[k];
      }
      return { reps, counts };
    },
  };
}

// A Map when the range of keys is too wide for an array; the keys are sorted at the end.
function hashedCounter(maxGroups: number): KeyCounter {
  const index = new Map<number, number>();
  const first: number[] = [],
    tally: number[] = [];
  return {
    add(keys, from) {
      for (let p = 0; p < keys.length; p++) {
        const g = index.get(keys[p]);
        if (g !== undefined) {
          tally[g]++;
          continue;
        }
        if (index.size >= maxGroups) return false;
        index.set(keys[p], first.length);
        first.push(from + p);
        tally.push(1);
      }
      return true;
    },
    finish() {
      const sortedKeys = Float64Array.from(index.keys()).sort();
      const reps = new Int32Array(sortedKeys.length),
        counts = new Float64Array(sortedKeys.length);
      sortedKeys.forEach((k, i) => {
        const g = index.get(k)!;
        reps[i] = first[g];
        counts[i] = tally[g];
      });
      return { reps, counts };
    },
  };
}
