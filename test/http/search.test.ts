// Tests: query on the list endpoints over HTTP, including the leak cases.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { ADMIN, STAFF, get, startTestServer } from '../helpers/server.ts';

const t = suite('query on the list endpoints');
let s: Running;
t.before(async () => {
  s = await startTestServer();
});
t.after(async () => {
  await s.close();
});

const ids = async (path: string, headers: Record<string, string> = {}) => {
  const r = await get(s.url, path, headers);
  assert.is(r.status, 200, `${path}: ${r.text}`);
  return r.body.map((o: { id: number }) => o.id);
};

t('finds a field by one of its data values, accent- and case-insensitively', async () => {
  assert.equal(await ids('/api/fields/?query=BERLIN'), [2]);
  assert.equal(await ids('/api/fields/?query=zurich'), [2]);
  assert.equal(await ids('/api/concepts/?query=zurich'), [1]);
});

t('a value of a restricted field makes nothing match for users who may not see it', async () => {
  assert.equal(await ids('/api/fields/?query=foxtrot'), []);
  assert.equal(await ids('/api/concepts/?query=foxtrot'), []);
  assert.equal(await ids('/api/fields/?query=foxtrot', STAFF), [7]);
  assert.equal(await ids('/api/concepts/?query=foxtrot', STAFF), [5, 6]);
  assert.equal(await ids('/api/fields/?query=countess'), []);
  assert.equal(await ids('/api/fields/?query=countess', ADMIN), [8]);
});

t('relevance: exact name, then a term in the name, then other metadata', async () => {
  assert.equal(await ids('/api/fields/?query=name'), [1, 10]);
  assert.equal(await ids('/api/concepts/?query=age'), [2, 11]);
  assert.equal(await ids('/api/concepts/?query=age&order=desc'), [11, 2]);
});

t('an explicit sort overrides relevance', async () => {
  assert.equal(await ids('/api/fields/?query=name&sort=name'), [1, 10]);
  assert.equal(await ids('/api/fields/?query=e&sort=name&limit=3'), [3, 2, 4]);
});

t('negation, phrases and combinations', async () => {
  assert.equal(await ids('/api/fields/?query=name%20-pet'), [1]);
  assert.equal(await ids('/api/fields/?query=%22given%20name%22'), [1]);
  assert.equal(await ids('/api/fields/?query=%22name%20given%22'), [], 'a phrase never spans two pieces');
  assert.equal(await ids('/api/fields/?query=-%22given%20name%22&sort=name'), [3, 2, 4, 6, 11, 12, 5, 10]);
});

t('an empty query is no filter; bad queries are 400', async () => {
  assert.is((await ids('/api/fields/?query=%20%20')).length, 9);
  const r = await get(s.url, `/api/fields/?query=${'x'.repeat(513)}`);
  assert.equal([r.status, r.body.code, r.body.parameter], [400, 'INVALID_PARAMETER', 'query']);
  assert.is(
    (await get(s.url, `/api/fields/?query=${Array.from({ length: 33 }, (_, i) => `t${i}`).join('%20')}`)).status,
    400,
  );
  assert.match((await get(s.url, '/api/fields/?query=%22open')).body.message, /Unbalanced double quote/);
});

t('X-Total-Count counts the matches a user may see', async () => {
  assert.is((await get(s.url, '/api/fields/?query=e&limit=1')).headers.get('x-total-count'), '9');
  assert.is((await get(s.url, '/api/fields/?query=code')).headers.get('x-total-count'), '0');
  assert.is((await get(s.url, '/api/fields/?query=code', STAFF)).headers.get('x-total-count'), '1');
});

t.run();
