// `sorrel init --engine` and `sorrel check` / `sorrel build` over engine tables (API.md §14), run as the command.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { loadSnapshotManifest } from '../../src/snapshot/file/container.ts';
import { type Cluster, SECRET_USER, sharedCluster } from '../helpers/clickhouse.ts';
import { run } from '../helpers/cli.ts';

let ch: Cluster;
const dir = mkdtempSync(join(tmpdir(), 'sorrel-engine-cli-'));
const ENV = { CLI_WH_USER: SECRET_USER.user, CLI_WH_PASSWORD: SECRET_USER.password };

test.before(async () => {
  ch = await sharedCluster();
  await ch.createTable(
    'shop',
    [
      ['id', 'Int64'],
      ['kind', 'String'],
      ['price', 'Nullable(Float64)'],
      ['tags', 'Array(String)'],
    ],
    'id',
  );
  await ch.insert('shop', [
    { id: 1, kind: 'fruit', price: 1.5, tags: [] },
    { id: 2, kind: 'veg', price: null, tags: ['x'] },
  ]);
});

test('init --engine writes an engine entry and typed fields; check accepts the catalog', async () => {
  const init = run(
    [
      'init',
      '--engine',
      ch.url,
      '--database',
      ch.database,
      '--user-env',
      'CLI_WH_USER',
      '--password-env',
      'CLI_WH_PASSWORD',
      'shop',
    ],
    ENV,
  );
  assert.is(init.status, 0, init.stderr);
  assert.match(init.stderr, 'shop: column tags (Array(String)) left out: Sorrel does not read that type.');
  const catalog = parse(init.stdout);
  assert.equal(catalog.engines, {
    warehouse: {
      kind: 'clickhouse',
      url: ch.url,
      database: ch.database,
      user_env: 'CLI_WH_USER',
      password_env: 'CLI_WH_PASSWORD',
    },
  });
  assert.equal(catalog.datasets, [{ name: 'shop', engine: 'warehouse', table: 'shop' }]);
  assert.equal(
    catalog.fields.map((f: Record<string, unknown>) => [f.column, f.internal_type, f.enumerable, f.nullable]),
    [
      ['id', 'integer', false, false],
      ['kind', 'char', true, false],
      ['price', 'float', false, true],
    ],
  );
  assert.not.match(init.stdout, SECRET_USER.password);
  const path = join(dir, 'shop.yaml');
  writeFileSync(path, init.stdout);
  const check = run(['check', path], ENV);
  assert.is(check.status, 0, check.stderr);
  assert.match(check.stdout, 'OK — 1 datasets: shop (2 rows);');
});

test('check names a missing table, a missing column, an unreadable type and an unset credential variable', async () => {
  const path = join(dir, 'bad.yaml');
  writeFileSync(
    path,
    JSON.stringify({
      engines: { wh: { url: ch.url, database: ch.database, user_env: 'CLI_WH_USER', password_env: 'CLI_NOT_SET' } },
      datasets: [
        { name: 'gone', engine: 'wh', table: 'nope' },
        { name: 'shop', engine: 'wh', table: 'shop' },
        { name: 'tagged', engine: 'wh', table: 'shop' },
      ],
      fields: [
        { id: 1, dataset: 'shop', column: 'colour' },
        { id: 2, dataset: 'tagged', column: 'tags' },
      ],
    }),
  );
  const check = run(['check', path], { CLI_WH_USER: 'default' });
  assert.is(check.status, 1);
  const text = check.stderr;
  assert.match(text, `${path}: engines.wh: \`password_env\` names CLI_NOT_SET, which is not set in the environment.`);
  assert.match(
    text,
    `${path}: datasets[0] (gone): table sorrel_test.nope does not exist on engine "wh" (no such table).`,
  );
  assert.match(
    text,
    `${path}: datasets[2] (tagged): column "tags" of sorrel_test.shop has ClickHouse type Array(String)`,
  );
  assert.match(text, `${path}: fields[0] (id 1): unknown column "colour" in dataset "shop"`);
});

test('build writes a file that holds the engine table by reference: no table section, its values precomputed', async () => {
  const path = join(dir, 'shop.yaml');
  const out = join(dir, 'shop.sorrel');
  const build = run(['build', path, '-o', out], ENV);
  assert.is(build.status, 0, build.stderr);
  assert.match(build.stdout, '1 datasets: shop (2 rows)');
  const manifest = await loadSnapshotManifest(out);
  assert.equal(
    manifest.sections.map((s) => s.name),
    ['catalog', 'precomputed'],
  );
});

test.run();
