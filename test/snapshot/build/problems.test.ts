// Tests: one checker (src/snapshot/build/problems.ts): `sorrel check`, a cold start and a failed reload list the same problems.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CatalogError } from '../../../src/catalog/spec.ts';
import { createPool } from '../../../src/parallel/compute-pool.ts';
import { startServer } from '../../../src/serve/server.ts';
import { findCatalogProblems } from '../../../src/snapshot/build/problems.ts';
import { copyFixture } from '../../helpers/tree.ts';
import { get, testConfig } from '../../helpers/server.ts';

const CONFIG = testConfig();
const openPool = () => createPool({ poolThreads: 1, poolMaxQueue: 1000 });

/** The fixture catalog broken twice: a duplicate field id (structure) and a missing data file (data). */
function breakCatalog(catalog: string): void {
  const text = readFileSync(catalog, 'utf8').replace(
    '  - { id: 12, dataset: pets, column: legs, name: Legs, unit: leg }\n',
    '  - { id: 12, dataset: pets, column: legs, name: Legs, unit: leg }\n  - { id: 12, dataset: people, column: age, name: Again }\n',
  );
  writeFileSync(catalog, text);
  rmSync(join(dirname(catalog), 'pets.json'));
}

/** What a person reading the broken catalog finds: both faults, nothing else. */
function assertBothProblems(problems: string[]): void {
  assert.is(problems.length, 2, problems.join('\n'));
  assert.match(problems[0], /fields\[12\] \(id 12\): duplicate field id 12 \(first used by fields\[11\] \(id 12\)\)/);
  assert.match(problems[1], /datasets\[1\] \(pets\): .*pets\.json does not exist/);
}

test('the checker lists a structural problem and a missing data file together', async () => {
  const catalog = copyFixture({ pin: true });
  breakCatalog(catalog);
  assertBothProblems((await findCatalogProblems(catalog, openPool)).problems);
});

test('a cold start refuses the broken catalog with the same list', async () => {
  const catalog = copyFixture({ pin: true });
  breakCatalog(catalog);
  const running = await startServer(catalog, CONFIG, pino({ level: 'silent' }));
  try {
    const err = await running.ready.then(
      () => null,
      (e: unknown) => e,
    );
    assert.instance(err, CatalogError);
    assert.equal((err as CatalogError).problems, (await findCatalogProblems(catalog, openPool)).problems);
    assertBothProblems((err as CatalogError).problems);
  } finally {
    await running.close();
  }
});

test('a failed reload logs and reports the same list; /readyz counts all of it', async () => {
  const catalog = copyFixture({ pin: true });
  const lines: { msg: string; problems?: string[] }[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const running = await startServer(catalog, CONFIG, pino({ level: 'info' }, sink));
  try {
    await running.ready;
    breakCatalog(catalog);
    const outcome = await running.reload();
    assert.is(outcome.ok, false);
    assertBothProblems(outcome.problems);
    assert.equal(outcome.problems, (await findCatalogProblems(catalog, openPool)).problems);
    const logged = lines.find((l) => l.msg === 'reload failed; the old snapshot keeps serving');
    assert.equal(logged?.problems, outcome.problems);
    const ready = await get(running.url, '/readyz');
    assert.is(ready.body.reload.problems, 2);
  } finally {
    await running.close();
  }
});

test.run();
