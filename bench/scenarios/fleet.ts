// Fleet: N replicas from two copies of the project tree behind HAProxy — do they answer as one, and
// does a rolling restart under load lose requests?
// Standalone: node --import tsx bench/scenarios/fleet.ts [--quick] [--replicas N] [--source catalog|file] (builds dist/ first).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compareReplicas, crossRevalidate, mapLimit, type Answers, type Request } from '../lib/agreement.ts';
import { ROOT } from '../lib/child.ts';
import { buildCorpus, USERS } from '../lib/corpus.ts';
import { argValue, distinctPorts, editValue, prepare, SNAPSHOT, toSource } from '../lib/fleet-setup.ts';
import { ensureHaproxy, startHaproxy, type Haproxy } from '../lib/haproxy.ts';
import { note } from '../lib/log.ts';
import { createRawClient, type RawClient } from '../lib/raw-get.ts';
import { rollingRestart, waitFor } from '../lib/rolling.ts';
import { copyTree, startReplica, type Replica } from '../lib/replica.ts';
import { toRow } from '../lib/rows.ts';
import { runIfMain } from '../lib/standalone.ts';
import type { BenchRow, Scenario } from '../lib/types.ts';

const REPLICAS = Number(process.env.SORREL_BENCH_REPLICAS ?? argValue('--replicas') ?? 2);
// Two deploys by copy: the same bytes, modification times a day apart.
const MTIMES = [new Date('2026-11-20T08:00:00.000Z'), new Date('2026-11-21T08:00:00.000Z')];
// The drain settings a replica gets (ignored by a Sorrel without drain): the grace outlasts
// HAProxy's detection (fall 2 × inter 1 s) with a second to spare.
const ENV = { LOG_LEVEL: 'warn', SORREL_DRAIN_GRACE: '3', SORREL_DRAIN_TIMEOUT: '10' };
const PARALLEL = 8; // requests in flight while comparing replicas
const LOAD_WORKERS = 4; // steady load during the rolling restart…
const LOAD_RATE = 100; // …paced to this many requests per second in all
const EXIT_LIMIT_MS = 60_000; // a replica that has not exited this long after SIGTERM is killed (and counted)

export const scenario: Scenario = {
  name: 'fleet',
  description: `${REPLICAS} replicas of \`npm start\` from two copies of the tree (catalog and data files touched a day apart), serving the catalog — or, once \`sorrel build\` exists, one built snapshot file copied to both — behind HAProxy (round-robin, health checks on /readyz, retries 0): cross-replica status/body/ETag agreement and If-None-Match over the demo corpus for 3 users; a copy with one data value edited (same size and mtime) must not share ETags; then a rolling restart under steady load`,
  async run({ quick }) {
    if (!existsSync(join(ROOT, 'dist/src/main.js')))
      throw new Error('dist/ is missing: run `npm run build` (npm run bench does it).');
    const haproxyVersion = ensureHaproxy();
    const source = toSource();
    const work = mkdtempSync(join(tmpdir(), 'sorrel-fleet-'));
    const replicas: Replica[] = [];
    let edited: Replica | null = null;
    let haproxy: Haproxy | null = null;
    let client: RawClient | null = null;
    try {
      note(
        `fleet: copying the tree three times into ${work}; replicas serve the ${source === 'file' ? `snapshot file built once (${SNAPSHOT})` : 'catalog'}`,
      );
      const trees = MTIMES.map((m, i) => copyTree(join(work, `tree-${'ab'[i]}`), m));
      const other = copyTree(join(work, 'tree-edited'), MTIMES[0]);
      editValue(other, MTIMES[0]);
      const args = prepare(source, trees, other);
      const ports = await distinctPorts(REPLICAS + 2);
      for (let i = 0; i < REPLICAS; i++) replicas.push(startReplica(`r${i}`, trees[i % 2], ports[i + 1], ENV, args));
      edited = startReplica('edited', other, ports[REPLICAS + 1], ENV, args);
      await Promise.all([...replicas, edited].map((r) => r.waitReady()));
      haproxy = await startHaproxy(
        work,
        ports[0],
        replicas.map((r) => ({ name: r.name, port: r.port })),
        haproxyVersion,
      );
      await waitFor(
        async () => [...(await haproxy!.states()).values()].every((st) => st === 'UP'),
        30_000,
        'HAProxy to see every replica UP',
      );
      client = createRawClient(`127.0.0.1:${ports[0]}`);

      const corpus = await buildCorpus(client, replicas[0].origin);
      const requests: Request[] = corpus.flatMap((path) => USERS.map((_, user) => ({ path, user })));
      note(`fleet: ${corpus.length} paths × ${USERS.length} users = ${requests.length} requests per replica`);
      const versions = await Promise.all(
        [...replicas, edited].map(
          async (r) => `${r.name}=${JSON.parse((await client!.get(r.origin, '/readyz')).body.toString()).version}`,
        ),
      );
      note(`fleet: data versions ${versions.join(', ')}`);

      const fleet = [...replicas];
      const answers: Answers = await mapLimit(requests, PARALLEL, (q) =>
        Promise.all(fleet.map((r) => client!.get(r.origin, q.path, USERS[q.user].headers))),
      );
      const agreement = compareReplicas('fleet', requests, answers);
      const revalidation = await crossRevalidate(
        client,
        fleet.map((r) => r.origin),
        requests,
        answers,
        PARALLEL,
      );

      const pair = [replicas[0], edited];
      const editedAnswers: Answers = await mapLimit(requests, PARALLEL, async (q, i) => [
        answers[i][0],
        await client!.get(edited!.origin, q.path, USERS[q.user].headers),
      ]);
      const difference = compareReplicas('edited', requests, editedAnswers);
      const editedRevalidation = await crossRevalidate(
        client,
        pair.map((r) => r.origin),
        requests,
        editedAnswers,
        PARALLEL,
      );
      edited.signal('SIGTERM');
      await edited.exited;

      const load = { workers: LOAD_WORKERS, rate: LOAD_RATE, exitLimitMs: EXIT_LIMIT_MS };
      const rolling = await rollingRestart(
        replicas,
        haproxy,
        client,
        requests,
        answers.map((a) => a[0].status),
        load,
        quick,
      );

      const c = { scenario: 'fleet', referenceName: '—', reference: null };
      const what = `${REPLICAS} replicas, 2 tree copies (mtimes a day apart), serving the ${source}, ${corpus.length} paths × ${USERS.length} users`;
      const edit = `r0 vs a copy with one data value edited (same size and mtimes), serving the ${source}`;
      const restart = `rolling restart of ${REPLICAS} replicas, ${LOAD_RATE} req/s through HAProxy ${haproxyVersion.replace(/^HAProxy version (\S+).*$/, '$1')} (retries 0)`;
      const count = (where: string, metric: string, value: number, spread: string, target = true) =>
        toRow({
          ...c,
          case: where,
          metric,
          better: 'lower',
          sorrel: [value],
          target: target ? '0' : '—',
          limit: target ? { on: 'sorrel', value: 0 } : null,
          spread,
        });
      const seconds = (metric: string, xs: number[]) =>
        toRow({
          ...c,
          case: restart,
          metric,
          better: 'lower',
          sorrel: xs.length ? xs : [NaN],
          target: '—',
          limit: null,
        });
      const rows: BenchRow[] = [
        count(what, 'status mismatches', agreement.status, `of ${agreement.pairs} pairs`),
        count(what, 'body mismatches', agreement.body, agreement.keys || `of ${agreement.pairs} pairs`),
        count(what, 'ETag mismatches', agreement.etag, `of ${agreement.tagged} pairs with an ETag`),
        toRow({
          ...c,
          case: what,
          metric: 'If-None-Match from another replica → 304 (%)',
          better: 'higher',
          sorrel: [revalidation.rate],
          target: '100%',
          limit: { on: 'sorrel', value: 100 },
          spread: `${revalidation.notModified} of ${revalidation.tried}`,
        }),
        count(what, '304 for a different body', revalidation.wrong, `of ${revalidation.notModified} 304s`),
        count(
          edit,
          'body mismatches (the data differ)',
          difference.body,
          difference.keys || `of ${difference.pairs} pairs`,
          false,
        ),
        count(edit, 'same ETag for a different body', difference.sameTag, `of ${difference.body} differing bodies`),
        count(edit, '304 for a different body', editedRevalidation.wrong, `of ${editedRevalidation.notModified} 304s`),
        toRow({
          ...c,
          case: restart,
          metric: 'failed requests',
          better: 'lower',
          sorrel: [rolling.failed],
          target: '0',
          limit: { on: 'sorrel', value: 0 },
          spread: rolling.summary,
        }),
        seconds('SIGTERM → exit (s)', rolling.exit),
        seconds('SIGTERM → replacement ready (s)', rolling.ready),
        seconds('SIGTERM → back in HAProxy rotation (s)', rolling.routed),
      ];
      return rows;
    } finally {
      client?.close();
      await haproxy?.stop();
      for (const r of [...replicas, ...(edited ? [edited] : [])]) r.signal('SIGKILL');
      await Promise.all([...replicas, ...(edited ? [edited] : [])].map((r) => r.exited));
      rmSync(work, { recursive: true, force: true });
    }
  },
};

// Standalone, Sorrel is measured as `npm start` runs it: build dist/ first.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
runIfMain(scenario, import.meta.url);
