// Tests: warnings of settings that serve but less safely than they look (src/catalog/warnings.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkCatalog } from '../../src/catalog/read.ts';
import { findAccessWarnings, findEngineTransportWarnings } from '../../src/catalog/warnings.ts';

const spec = (jwt: Record<string, unknown> | null, engines: Record<string, unknown> = {}) =>
  checkCatalog(
    {
      access: jwt ? { jwt: { secret: 'a-secret-of-exactly-thirty-two-b', ...jwt } } : {},
      engines,
      datasets: [{ name: 'd', file: 'd.csv' }],
      categories: [],
      fields: [{ id: 1, dataset: 'd', column: 'x' }],
      concepts: [],
    },
    'c.yaml',
    '2026-01-01T00:00:00.000',
  );

test('a JWT key without issuer or audience is warned about, naming what is missing', () => {
  assert.equal(findAccessWarnings(spec(null)), []);
  assert.equal(findAccessWarnings(spec({})), [
    'c.yaml: access.jwt: no `issuer` and no `audience`, so a token that any issuer signed with this key, for any service, is accepted; set `issuer` and `audience`.',
  ]);
  assert.match(findAccessWarnings(spec({ issuer: 'https://login' })).join(), /no `audience`, .* set `audience`\.$/);
  assert.match(findAccessWarnings(spec({ audience: 'sorrel' })).join(), /no `issuer`, .* set `issuer`\.$/);
  assert.equal(findAccessWarnings(spec({ issuer: 'https://login', audience: 'sorrel' })), []);
});

test('engine credentials over http:// to another machine are warned about; https, loopback or no credentials are not', () => {
  const e = (url: string, userEnv: string | null = 'WH_USER', passwordEnv: string | null = 'WH_PASSWORD') =>
    findEngineTransportWarnings('c.yaml', { url, userEnv, passwordEnv, where: 'engines.wh' });
  assert.equal(e('http://clickhouse.internal:8123'), [
    "c.yaml: engines.wh: credentials go to clickhouse.internal over plain http://, readable by anyone on the network; use https:// (ClickHouse's https_port) or a loopback address.",
  ]);
  assert.equal(e('http://10.0.0.5:8123', null, 'WH_PASSWORD').length, 1);
  assert.equal(e('http://10.0.0.5:8123', 'WH_USER', null).length, 1);
  assert.equal(e('https://clickhouse.internal:8443'), []);
  for (const local of ['http://127.0.0.1:8123', 'http://localhost:8123', 'http://[::1]:8123', 'http://127.8.9.10:8123'])
    assert.equal(e(local), [], local);
  assert.equal(e('http://clickhouse.internal:8123', null, null), []);
  const withEngine = spec(
    { issuer: 'i', audience: 'a' },
    { wh: { kind: 'clickhouse', url: 'http://ch.example:8123', database: 'db', password_env: 'P' } },
  );
  assert.equal(findAccessWarnings(withEngine).length, 1);
});

test.run();
