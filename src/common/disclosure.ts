// The small-count rule (API.md §15) as pure functions: one count, one list (complementary suppression), a total, a whole answer.
import type { DisclosureRule } from '../contract/disclosure.ts';

/** The body of an answer suppressed whole: the same shape for values, dist, stats and entities. */
export const SUPPRESSED_WHOLE = Object.freeze({ suppressed: true as const });

/** Whether the rule applies to a user: non-privileged and in none of the exempt groups. */
export function appliesTo(
  rule: DisclosureRule | null,
  user: { privileged: boolean; groups: readonly string[] },
): rule is DisclosureRule {
  if (!rule || user.privileged) return false;
  return !user.groups.some((g) => rule.exempt.includes(g));
}

/**
 * One count as shown: null when 0 < c < k; else c rounded to the nearest multiple of r (halves
 * up), never below k when c ≥ k. 0 stays 0.
 */
export function toShownCount(c: number, { minCount: k, roundTo: r }: DisclosureRule): number | null {
  if (c <= 0) return c;
  if (c < k) return null;
  const rounded = r === 1 ? c : Math.floor((c + r / 2) / r) * r;
  return Math.max(k, rounded);
}

/** Whether an answer over `kept` records (or entities) is suppressed whole: 0 < kept < k. */
export function isSuppressedWhole(kept: number, rule: DisclosureRule): boolean {
  return kept > 0 && kept < rule.minCount;
}

/**
 * The counts of one list as shown, NaN where suppressed, and how many are. When exactly one count is
 * suppressed, the smallest other positive count (the first in list order on a tie) is suppressed too,
 * so no total known beside the list gives it back by one subtraction. Decided over the whole list
 * (every page of it), never a page alone.
 */
export function toShownCounts(
  counts: ArrayLike<number>,
  rule: DisclosureRule,
): { shown: Float64Array; suppressed: number } {
  const shown = new Float64Array(counts.length);
  let suppressed = 0;
  for (let i = 0; i < counts.length; i++) {
    const s = toShownCount(counts[i], rule);
    if (s === null) {
      shown[i] = Number.NaN;
      suppressed++;
    } else shown[i] = s;
  }
  if (suppressed === 1) {
    let at = -1;
    for (let i = 0; i < counts.length; i++) {
      if (Number.isNaN(shown[i]) || counts[i] <= 0) continue;
      if (at < 0 || counts[i] < counts[at]) at = i;
    }
    if (at >= 0) {
      shown[at] = Number.NaN;
      suppressed++;
    }
  }
  return { shown, suppressed };
}

/**
 * A record total shown beside a list (`null_count`): suppressed when 0 < c < k like any count; when
 * the list holds a suppressed count, rounded down to a multiple of k (so list and total together do
 * not give the suppressed ones back); else rounded as any count.
 */
export function toShownTotal(c: number, rule: DisclosureRule, listSuppressed: boolean): number | null {
  const s = toShownCount(c, rule);
  if (s === null || !listSuppressed) return s;
  return Math.floor(c / rule.minCount) * rule.minCount;
}

/** A shown count of a list as JSON: the number, or null when suppressed (NaN). */
export function toJsonCount(shown: number): number | null {
  return Number.isNaN(shown) ? null : shown;
}
