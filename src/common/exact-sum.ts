// Exact sums Σx and Σx² of doubles (a superaccumulator), mergeable across threads; hand-written: no npm package sums doubles exactly (npm has Kahan and pairwise sums only, checked 2026-11-28).

/**
 * Σx = sum · 2^EXP and Σx² = squares · 2^(2·EXP), both exact integers (API.md §8), with the
 * non-finite inputs counted apart. The same form comes from integer columns (EXP 0) and from an
 * engine's decomposition (src/common/exact-round.ts), and is what the §8 finishing rounds.
 */
export type ExactTotals = { sum: bigint; squares: bigint; exp: number; nan: number; posInf: number; negInf: number };

/** An accumulator's state as plain typed arrays (crosses threads; merge it into another). */
export type ExactSumParts = { sum: Float64Array; squares: Float64Array; special: Float64Array };

/** The exponent of the smallest double's unit: every finite double is an integer times 2^-1074. */
export const EXP = -1074;

const SUM_LIMBS = 69; // 32-bit limbs from 2^-1074 up past 2^1088: 2^64 sums of the largest double
const SQ_LIMBS = 136; // 2^-2148 up past 2^2116
const TWO_32 = 2 ** 32;
const POW2 = Float64Array.from({ length: 32 }, (_, i) => 2 ** i);
/** Values binned before the bins are moved into the limbs: each square bin grows < 2^37 a value. */
const CHUNK = 1 << 16;
/** Limb additions (each < 2^32) before a carry pass, so no limb passes 2^52. */
const LIMB_ADDS = 1 << 19;

/**
 * Why by exponent: a double x is (−1)^s · M · 2^(E−1075) with M a 53-bit integer and E its
 * exponent field (subnormals: E = 1, no hidden bit). Values with the same sign and E are summed
 * as integers, M split into its two 32-bit words (`lo` < 2^32, `hi` < 2^21), in double bins that
 * stay exact for CHUNK values; M² as five 18-bit-digit products (a, b, c the digits of M: M² =
 * a²·2^72 + 2ab·2^54 + (2ac + b²)·2^36 + 2bc·2^18 + c², every product < 2^37). The hot loop is
 * integer reads, a few multiplications and seven indexed additions, no branch but the rare
 * infinity or NaN. Every CHUNK values the non-zero bins go into fixed-point 32-bit limbs
 * (doubles, carried lazily), which hold the exact totals and merge limb by limb.
 */
export function createExactSum(parts?: ExactSumParts) {
  // per bin (sign and exponent field) 8 doubles, one cache line: Σlo, Σhi, the five Σ digit products, unused
  const bins = new Float64Array(4096 * 8);
  const sumLimbs = new Float64Array(SUM_LIMBS),
    sqLimbs = new Float64Array(SQ_LIMBS),
    special = new Float64Array(3); // NaN, +∞, −∞
  let pending = 0,
    limbAdds = 0;
  const bits = new Float64Array(1),
    bitWords = new Uint32Array(bits.buffer);

  function addRange(values: Float64Array, start = 0, end = values.length): void {
    const words = new Uint32Array(values.buffer, values.byteOffset, values.length * 2);
    const bin = bins; // a local: the loop reads no closure slot
    for (let i = start; i < end; ) {
      const stop = Math.min(end, i + CHUNK - pending);
      pending += stop - i;
      for (; i < stop; i++) {
        // put(lo, hi), inlined: V8 keeps the loop's locals in registers
        const lo = words[2 * i],
          hi = words[2 * i + 1];
        const idx = hi >>> 20,
          e = idx & 0x7ff;
        if (e === 0x7ff) {
          addSpecial(hi, lo, 1);
          continue;
        }
        const normal = (e + 0x7ff) >>> 11;
        const m = (hi & 0xfffff) | (normal << 20);
        const k = (idx + 1 - normal) << 3;
        const c = lo & 0x3ffff,
          b = (lo >>> 18) | ((m & 0xf) << 14),
          a = m >>> 4;
        bin[k] += lo;
        bin[k + 1] += m;
        bin[k + 2] += c * c;
        bin[k + 3] += 2 * b * c;
        bin[k + 4] += 2 * a * c + b * b;
        bin[k + 5] += 2 * a * b;
        bin[k + 6] += a * a;
      }
      if (pending === CHUNK) flush();
    }
  }

  /** One double, by its two 32-bit words, into the bins of its sign and exponent. */
  function put(lo: number, hi: number): void {
    const idx = hi >>> 20, // sign and exponent field
      e = idx & 0x7ff;
    if (e === 0x7ff) {
      addSpecial(hi, lo, 1);
      return;
    }
    const normal = (e + 0x7ff) >>> 11; // 1 unless subnormal
    const m = (hi & 0xfffff) | (normal << 20);
    const k = (idx + 1 - normal) << 3;
    const c = lo & 0x3ffff,
      b = (lo >>> 18) | ((m & 0xf) << 14),
      a = m >>> 4;
    bins[k] += lo;
    bins[k + 1] += m;
    bins[k + 2] += c * c;
    bins[k + 3] += 2 * b * c;
    bins[k + 4] += 2 * a * c + b * b;
    bins[k + 5] += 2 * a * b;
    bins[k + 6] += a * a;
  }

  function add(x: number): void {
    bits[0] = x;
    put(bitWords[0], bitWords[1]);
    if (++pending === CHUNK) flush();
  }

  /** x added `count` times (count a non-negative integer below 2^53): binned when few, else straight into the limbs. */
  function addTimes(x: number, count: number): void {
    if (count < 16) {
      for (let j = 0; j < count; j++) add(x);
      return;
    }
    bits[0] = x;
    const lo = bitWords[0],
      hi = bitWords[1];
    const e = (hi >>> 20) & 0x7ff,
      sign = hi >>> 31 ? -1 : 1;
    if (e === 0x7ff) {
      addSpecial(hi, lo, count);
      return;
    }
    const m = (hi & 0xfffff) | (e === 0 ? 0 : 0x100000);
    const shift = Math.max(e, 1) - 1;
    const c = lo & 0x3ffff,
      b = (lo >>> 18) | ((m & 0xf) << 14),
      a = m >>> 4;
    const terms = [c * c, 2 * b * c, 2 * a * c + b * b, 2 * a * b, a * a];
    // count in 16-bit digits: each product below stays < 2^53
    for (let rest = count, at = 0; rest > 0; rest = Math.floor(rest / 65536), at += 16) {
      const d = rest % 65536;
      if (d === 0) continue;
      addShifted(sumLimbs, lo * d, shift + at, sign);
      addShifted(sumLimbs, m * d, shift + 32 + at, sign);
      for (let t = 0; t < 5; t++) addShifted(sqLimbs, terms[t] * d, 2 * shift + 18 * t + at, 1);
    }
  }

  function addSpecial(hi: number, lo: number, count: number): void {
    if ((hi & 0xfffff) !== 0 || lo !== 0) special[0] += count;
    else special[hi >>> 31 ? 2 : 1] += count;
  }

  /** v · 2^shift into the limbs, v a non-negative integer below 2^53. */
  function addShifted(limbs: Float64Array, v: number, shift: number, sign: number): void {
    if (v === 0) return;
    let i = shift >>> 5,
      x = v * POW2[shift & 31];
    while (x > 0) {
      const q = Math.floor(x / TWO_32);
      limbs[i++] += sign * (x - q * TWO_32);
      x = q;
    }
    if (++limbAdds >= LIMB_ADDS) carry();
  }

  function flush(): void {
    for (let bin = 0; bin < 4096; bin++) {
      const k = bin << 3;
      if (bins[k] === 0 && bins[k + 1] === 0) continue; // a zero's bin holds zeros only
      const sign = bin >= 2048 ? -1 : 1,
        shift = (bin & 0x7ff) - 1;
      addShifted(sumLimbs, bins[k], shift, sign);
      addShifted(sumLimbs, bins[k + 1], shift + 32, sign);
      for (let t = 0; t < 5; t++) addShifted(sqLimbs, bins[k + 2 + t], 2 * shift + 18 * t, 1);
      bins.fill(0, k, k + 8);
    }
    pending = 0;
  }

  function carry(): void {
    normalise(sumLimbs);
    normalise(sqLimbs);
    limbAdds = 0;
  }

  function merge(other: ExactSumParts): void {
    flush();
    carry();
    for (let i = 0; i < SUM_LIMBS; i++) sumLimbs[i] += other.sum[i];
    for (let i = 0; i < SQ_LIMBS; i++) sqLimbs[i] += other.squares[i];
    for (let i = 0; i < 3; i++) special[i] += other.special[i];
    carry();
  }

  function toParts(): ExactSumParts {
    flush();
    carry();
    return { sum: sumLimbs.slice(), squares: sqLimbs.slice(), special: special.slice() };
  }

  function toTotals(): ExactTotals {
    const p = toParts();
    const [nan, posInf, negInf] = p.special;
    return { sum: toBigInt(p.sum), squares: toBigInt(p.squares), exp: EXP, nan, posInf, negInf };
  }

  if (parts) merge(parts);
  return { add, addRange, addTimes, merge, toParts, toTotals };
}

export type ExactSum = ReturnType<typeof createExactSum>;

/** Carries every limb into [0, 2^32) but the top one, which keeps the sign. */
function normalise(limbs: Float64Array): void {
  let carry = 0;
  const top = limbs.length - 1;
  for (let i = 0; i < top; i++) {
    const v = limbs[i] + carry;
    carry = Math.floor(v / TWO_32);
    limbs[i] = v - carry * TWO_32;
  }
  limbs[top] += carry;
}

/** The exact integer that normalised limbs stand for. */
function toBigInt(limbs: Float64Array): bigint {
  let n = 0n;
  for (let i = limbs.length - 1; i >= 0; i--) n = (n << 32n) + BigInt(limbs[i]);
  return n;
}

/** The totals of several sets of values (the parts of one split), the same `exp` each. */
export function mergeTotals(parts: readonly ExactTotals[]): ExactTotals {
  const out: ExactTotals = { sum: 0n, squares: 0n, exp: parts[0]?.exp ?? EXP, nan: 0, posInf: 0, negInf: 0 };
  for (const t of parts) {
    if (t.exp !== out.exp) throw new Error(`Totals in units 2^${t.exp} and 2^${out.exp} do not add.`);
    out.sum += t.sum;
    out.squares += t.squares;
    out.nan += t.nan;
    out.posInf += t.posInf;
    out.negInf += t.negInf;
  }
  return out;
}
