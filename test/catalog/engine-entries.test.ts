// Tests: the catalog's `engines:` entries and engine datasets (API.md §14): precise problems, credentials never echoed.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CatalogError, checkCatalog } from '../../src/catalog/read.ts';

const PASSWORD = 'pw-in-the-catalog-9Zq';

const problemsOf = (doc: unknown): string[] => {
  try {
    checkCatalog(doc, 'c.yaml', '2026-01-01T00:00:00.000');
  } catch (err) {
    assert.instance(err, CatalogError);
    return (err as CatalogError).problems;
  }
  return [];
};

const base = (engine: Record<string, unknown> = {}, dataset: Record<string, unknown> = {}) => ({
  engines: { wh: { kind: 'clickhouse', url: 'http://ch:8123', database: 'sales', ...engine } },
  datasets: [{ name: 'orders', engine: 'wh', table: 'orders', ...dataset }],
  fields: [{ id: 1, dataset: 'orders', column: 'total', name: 'Total' }],
});

test('an engine entry and an engine dataset are read with their defaults', () => {
  const spec = checkCatalog(
    base({ user_env: 'WH_USER', password_env: 'WH_PASSWORD', refresh: 60 }),
    'c.yaml',
    '2026-01-01T00:00:00.000',
  );
  assert.equal(spec.engines, [
    {
      name: 'wh',
      kind: 'clickhouse',
      url: 'http://ch:8123',
      database: 'sales',
      userEnv: 'WH_USER',
      passwordEnv: 'WH_PASSWORD',
      refresh: 60,
      where: 'engines.wh',
    },
  ]);
  assert.equal([spec.datasets[0].engine, spec.datasets[0].table, spec.datasets[0].file], ['wh', 'orders', '']);
  const plain = checkCatalog({ engines: { x: { url: 'https://ch' } } }, 'c.yaml', '2026-01-01T00:00:00.000');
  assert.equal(
    [plain.engines[0].kind, plain.engines[0].database, plain.engines[0].refresh],
    ['clickhouse', 'default', null],
  );
});

test('credentials in the catalog are refused, and the problem never shows them', () => {
  const problems = [
    ...problemsOf(base({ url: `http://reader:${PASSWORD}@ch:8123` })),
    ...problemsOf(base({ password: PASSWORD, user: 'reader' })),
  ];
  assert.equal(problems, [
    'c.yaml: engines.wh: `url` holds credentials (user:password@); remove them and name environment variables in user_env and password_env.',
    'c.yaml: engines.wh: `password` is not allowed: credentials come only from the environment (user_env: <VAR>, password_env: <VAR>).',
    'c.yaml: engines.wh: `user` is not allowed: credentials come only from the environment (user_env: <VAR>, password_env: <VAR>).',
  ]);
  assert.not.match(problems.join('\n'), PASSWORD);
});

test('each bad engine key is a problem naming the entry and the key', () => {
  assert.equal(
    problemsOf(
      base({ kind: 'postgres', url: 'ftp://ch', user_env: 'has space', refresh: 0, database: 'a`b', timeout: 3 }),
    ),
    [
      'c.yaml: engines.wh: unknown key `timeout`; allowed: kind, url, database, user_env, password_env, refresh.',
      'c.yaml: engines.wh: `kind` must be one of clickhouse, got "postgres".',
      'c.yaml: engines.wh: `url` must be http:// or https://, got "ftp:".',
      'c.yaml: engines.wh: `database` "a`b" cannot be quoted as an identifier.',
      'c.yaml: engines.wh: `user_env` names an environment variable (letters, digits, _), got "has space".',
      'c.yaml: engines.wh: `refresh` is a number of seconds ≥ 1, got 0.',
    ],
  );
  assert.equal(problemsOf(base({ url: undefined })), [
    'c.yaml: engines.wh: `url` is required (e.g. http://clickhouse:8123).',
  ]);
});

test('a dataset gives a file or an engine table, and names a declared engine', () => {
  assert.equal(problemsOf(base({}, { file: 'o.csv', format: 'csv' })), [
    'c.yaml: datasets[0] (orders): give `file` or `engine` + `table`, not both.',
    'c.yaml: datasets[0] (orders): `format` is for files; an engine table has no format.',
  ]);
  assert.equal(problemsOf(base({}, { engine: 'lake' })), [
    'c.yaml: datasets[0] (orders): engine "lake" is not declared under engines (declared: wh).',
  ]);
  assert.equal(problemsOf(base({}, { table: undefined })), [
    "c.yaml: datasets[0] (orders): `engine` needs `table`: the table's name in the engine's database.",
  ]);
  assert.equal(problemsOf(base({}, { engine: undefined })), [
    'c.yaml: datasets[0] (orders): `table` needs `engine`: the engines entry holding it.',
  ]);
});

test.run();
