// How often an attacker recovers a suppressed count exactly across answers (API.md §15), with and without round_to.
// Run: node --import tsx bench/disclosure/attack.ts [catalogs=20]
import { pino } from 'pino';
import { DEFAULT_CONFIG } from '../../src/config.ts';
import { startServer } from '../../src/serve/server.ts';
import {
  type Answer,
  mergeReadings,
  type Rule,
  runAttack,
  solve,
  toRecovered,
  writeAttackCatalog,
} from '../../test/helpers/attack.ts';

const CATALOGS = Number(process.argv[2] ?? 20);
const RULES: Rule[] = [
  { k: 5, r: 1 },
  { k: 5, r: 5 },
  { k: 11, r: 1 },
  { k: 11, r: 5 },
  { k: 11, r: 10 },
];
// The attacks, by which answers the attacker combines (each set with the root document's total).
const ATTACKS: [string, (path: string) => boolean][] = [
  ['margins: values + dist, no context', (p) => !p.includes('aware=true')],
  ['complements: values under A and ¬A', (p) => !p.includes('entities') && !p.includes('stats')],
  ['entities: A, A∧B, A∧¬B', (p) => p === '/api/' || p.includes('/entities/')],
  ['everything', () => true],
];

type Tally = { targets: number; recovered: number };
const rows: { rule: Rule; attack: string; tally: Tally }[] = [];
for (const rule of RULES) {
  const tallies = ATTACKS.map(() => ({ targets: 0, recovered: 0 }));
  for (let seed = 1; seed <= CATALOGS; seed++) {
    const cat = writeAttackCatalog(seed, rule);
    const running = await startServer(
      cat.path,
      { ...DEFAULT_CONFIG, host: '127.0.0.1', port: 0, poolThreads: 1 },
      pino({ level: 'silent' }),
    );
    await running.ready;
    const answers: Answer[] = await runAttack(cat, async (path) => (await fetch(running.url + path)).json());
    await running.close();
    console.error(`k ${rule.k} round_to ${rule.r}: catalog ${seed}/${CATALOGS} (${answers.length} answers)`);
    for (const [i, [, keep]] of ATTACKS.entries()) {
      const chosen = answers.filter((a) => keep(a.path)).map((a) => a.reading);
      const all = mergeReadings(chosen);
      const { targets, recovered } = toRecovered(cat, all, solve(cat, all));
      tallies[i].targets += targets.length;
      tallies[i].recovered += recovered.length;
    }
  }
  for (const [i, [attack]] of ATTACKS.entries()) rows.push({ rule, attack, tally: tallies[i] });
}

console.log(`| k | round_to | answers combined | suppressed counts (1..k−1) | recovered exactly | rate |`);
console.log('|---|---|---|---|---|---|');
for (const { rule, attack, tally } of rows)
  console.log(
    `| ${rule.k} | ${rule.r} | ${attack} | ${tally.targets} | ${tally.recovered} | ${((100 * tally.recovered) / Math.max(1, tally.targets)).toFixed(1)} % |`,
  );
