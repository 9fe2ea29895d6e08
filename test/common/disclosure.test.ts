// Tests: the small-count rule (API.md §15) as pure functions, against counts worked out by hand.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  appliesTo,
  isSuppressedWhole,
  toShownCount,
  toShownCounts,
  toShownTotal,
} from '../../src/common/disclosure.ts';

const k11 = { minCount: 11, roundTo: 1, exempt: [] };
const k11r5 = { minCount: 11, roundTo: 5, exempt: [] };
const k5r2 = { minCount: 5, roundTo: 2, exempt: ['analysts'] };
const shown = (counts: number[], rule = k11) =>
  Array.from(toShownCounts(counts, rule).shown, (c) => (Number.isNaN(c) ? null : c));

test('one count: 0 stays 0, 1..k−1 suppressed, k and above exact with round_to 1', () => {
  assert.equal(
    [0, 1, 10, 11, 12, 1000].map((c) => toShownCount(c, k11)),
    [0, null, null, 11, 12, 1000],
  );
});

test('one count with round_to: nearest multiple, halves up, never below k', () => {
  // 11 → 10 by rounding, lifted to 11; 12 → 10 → 11; 13 → 15 (12.5 is the half: 13 is above it); 17.5 rounds up.
  assert.equal(
    [11, 12, 13, 17, 18, 22, 23].map((c) => toShownCount(c, k11r5)),
    [11, 11, 15, 15, 20, 20, 25],
  );
  // r = 2: 5 → 6 (2.5 halves up), 21 → 22, 20 → 20.
  assert.equal(
    [5, 6, 7, 20, 21].map((c) => toShownCount(c, k5r2)),
    [6, 6, 8, 20, 22],
  );
});

test('a list with exactly one suppressed count: the smallest other positive count is suppressed too', () => {
  assert.equal(shown([50, 3, 20, 30]), [50, null, null, 30]);
  // a tie among the smallest: the first in list order
  assert.equal(shown([20, 3, 20]), [null, null, 20]);
  // zeros are not complements (a 0 shows nothing)
  assert.equal(shown([0, 3, 40]), [0, null, null]);
  // two suppressed already: nothing more
  assert.equal(shown([50, 3, 4, 20]), [50, null, null, 20]);
  // nothing suppressed: nothing more
  assert.equal(shown([50, 11]), [50, 11]);
  // a list of one: no other count to hide
  assert.equal(shown([3]), [null]);
  assert.is(toShownCounts([50, 3, 20], k11).suppressed, 2);
});

test('a total beside a list with a suppressed count is rounded down to a multiple of k', () => {
  assert.is(toShownTotal(605, k11, true), 605);
  assert.is(toShownTotal(30, k11, true), 22);
  assert.is(toShownTotal(30, k11, false), 30);
  assert.is(toShownTotal(7, k11, true), null);
  assert.is(toShownTotal(0, k11, true), 0);
  assert.is(toShownTotal(23, k11r5, false), 25);
});

test('a whole answer is suppressed for 1..k−1 kept records, not for 0 or k', () => {
  assert.equal(
    [0, 1, 10, 11].map((n) => isSuppressedWhole(n, k11)),
    [false, true, true, false],
  );
});

test('the rule applies to non-privileged users outside the exempt groups; off without a rule', () => {
  assert.ok(appliesTo(k5r2, { privileged: false, groups: [] }));
  assert.ok(appliesTo(k5r2, { privileged: false, groups: ['staff'] }));
  assert.not.ok(appliesTo(k5r2, { privileged: false, groups: ['staff', 'analysts'] }));
  assert.not.ok(appliesTo(k5r2, { privileged: true, groups: [] }));
  assert.not.ok(appliesTo(null, { privileged: false, groups: [] }));
  // a group name is compared whole: "analysts,staff" is not "analysts"
  assert.ok(appliesTo(k5r2, { privileged: false, groups: ['analysts,staff'] }));
});

test.run();
