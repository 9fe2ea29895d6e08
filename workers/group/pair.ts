// Two short integer dimensions counted into slots in one pass over the rows, the context mask as each row's weight.

/**
 * Two dimensions of Int32 codes or values without nulls (workers/group/direct.ts), rows 0..n-1 (the
 * arrays may be longer: Arrow pads them): row i's slot is av[i]·card + bv[i] + base, straight from its
 * two values, the mask's byte (0 or 1) added as its weight. Why: one pass with no compaction and no
 * gather: 0.7–0.8× the CPU of direct.ts's blocks when half the rows are kept (the case of
 * bench/scale: `cat` × `grade` under `grade < 10`), 0.4–0.8× when all are. Under a sparse context the
 * blocks read only the kept rows and win: see isDense.
 */
export function countPair(
  av: Int32Array,
  bv: Int32Array,
  base: number,
  card: number,
  mask: Uint8Array | null,
  slots: Float64Array,
  n: number,
): void {
  if (mask === null) for (let i = 0; i < n; i++) slots[av[i] * card + bv[i] + base]++;
  else for (let i = 0; i < n; i++) slots[av[i] * card + bv[i] + base] += mask[i];
}

/**
 * countPair over the rows whose filter value lies in [lo, hi] (workers/mask/range.ts), the comparison in
 * the loop: no mask written and read back (workers/group/ranged.ts says why).
 */
export function countPairInRange(
  av: Int32Array,
  bv: Int32Array,
  base: number,
  card: number,
  filter: { values: Int32Array; lo: number; hi: number },
  slots: Float64Array,
  n: number,
): void {
  const { values: f, lo, hi } = filter;
  if (lo > hi) return;
  for (let i = 0; i < n; i++) slots[av[i] * card + bv[i] + base] += +(f[i] >= lo) & +(f[i] <= hi);
}

/**
 * Whether at least a third of a sample of the mask (every 61st byte) is kept. Below, direct.ts's blocks
 * win: CPU per count of 10M rows (two Int32 columns, 1,000 × 20 slots), this pass 86–95 ms whatever
 * the share kept; the blocks 34–40 ms at 5% kept, 51–60 at 10%, 115–122 at 50%, 114–224 at 100%.
 */
export function isDense(mask: Uint8Array): boolean {
  let seen = 0,
    kept = 0;
  for (let i = 0; i < mask.length; i += 61, seen++) kept += mask[i];
  return kept * 3 >= seen;
}
