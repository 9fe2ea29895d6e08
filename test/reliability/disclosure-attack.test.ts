// The small-count attack suite (API.md §15): seeded catalogs, an attacker's requests; within one answer no suppressed count is ever recovered.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import {
  FIELDS,
  mergeReadings,
  type Rule,
  runAttack,
  solve,
  toRecovered,
  writeAttackCatalog,
} from '../helpers/attack.ts';
import { get, startTestServer } from '../helpers/server.ts';

// Two seeds × with and without round_to; bench/disclosure/attack.ts runs many more and reports the rates.
const CASES: [number, Rule][] = [
  [11, { k: 5, r: 1 }],
  [11, { k: 5, r: 5 }],
  [12, { k: 11, r: 1 }],
  [12, { k: 11, r: 5 }],
];

for (const [seed, rule] of CASES) {
  test(`seed ${seed}, k ${rule.k}, round_to ${rule.r}: no answer alone gives a suppressed count back; across answers the intervals hold the truth`, async () => {
    const cat = writeAttackCatalog(seed, rule);
    const s: Running = await startTestServer(cat.path);
    try {
      const body = async (path: string) => {
        const r = await get(s.url, path);
        assert.is(r.status, 200, `${path}: ${r.text}`);
        return r.body;
      };
      const answers = await runAttack(cat, body);
      let targets = 0;
      for (const a of answers) {
        // solve() throws when an interval excludes the truth: the shown numbers obey the rule as published.
        const alone = toRecovered(cat, a.reading, solve(cat, a.reading));
        assert.equal(alone.recovered, [], `${a.path} alone gives back ${alone.recovered.join(', ')}`);
        targets += alone.targets.length;
      }
      assert.ok(targets > 0, 'the seed has suppressed counts to attack');
      const all = mergeReadings(answers.map((a) => a.reading));
      const across = toRecovered(cat, all, solve(cat, all));
      assert.ok(across.targets.length > 0);

      // Paging shows what the whole list shows, and a suppressed value is found by no search.
      for (const f of FIELDS) {
        const full = await body(`/api/fields/${f}/values/?limit=0`);
        const paged = [];
        for (let page = 1; page <= Math.ceil(full.count / 2); page++)
          paged.push(...(await body(`/api/fields/${f}/values/?limit=2&page=${page}`)).values);
        assert.equal(paged, full.values, `field ${f}: pages differ from the whole list`);
        if (f === 5) continue; // labels "1".."4" match other text
        for (const v of full.values as { label: string; count: number | null }[]) {
          const found = (await body(`/api/fields/?query=${v.label}`)).map((x: { id: number }) => x.id);
          assert.is(found.includes(f), v.count !== null, `search for ${v.label}`);
        }
      }
    } finally {
      await s.close();
    }
  });
}

test.run();
