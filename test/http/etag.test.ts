// One answer, one ETag (issue 14 §3): the ETag, the reply cache and page links derive from the validated, normalised request.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { get, startTestServer } from '../helpers/server.ts';

const t = suite('normalised requests');
let s: Running;
t.before(async () => {
  s = await startTestServer();
});
t.after(async () => {
  await s.close();
});

/** Every path gets the same body and the same ETag as the first. */
async function sameAnswer(paths: string[]): Promise<void> {
  const first = await get(s.url, paths[0]);
  assert.is(first.status, 200, paths[0]);
  for (const p of paths.slice(1)) {
    const r = await get(s.url, p);
    assert.is(r.status, 200, p);
    assert.is(r.text, first.text, `body of ${p}`);
    assert.is(r.headers.get('etag'), first.headers.get('etag'), `ETag of ${p}`);
  }
}

t('dimensions repeated or comma-separated, and the path field named or not, share one ETag', async () => {
  await sameAnswer([
    '/api/fields/3/dist/?dimensions=3,4',
    '/api/fields/3/dist/?dimensions=3&dimensions=4',
    '/api/fields/3/dist/?dimensions=4',
  ]);
  await sameAnswer(['/api/fields/3/dist/', '/api/fields/3/dist/?dimensions=3']);
});

t('defaults given or not, boolean spellings and unknown parameters share one ETag', async () => {
  await sameAnswer([
    '/api/fields/3/dist/',
    '/api/fields/3/dist/?nulls=false',
    '/api/fields/3/dist/?nulls=0',
    '/api/fields/3/dist/?nulls=NO&sort=fields&cluster=true&aware=false',
    '/api/fields/3/dist/?utm_source=x',
  ]);
  await sameAnswer([
    '/api/fields/?sort=name',
    '/api/fields/?sort=NAME&order=asc',
    '/api/fields/?sort=name&limit=0&offset=0&x=1',
  ]);
  await sameAnswer([
    '/api/fields/2/values/',
    '/api/fields/2/values/?page=1&limit=10',
    '/api/fields/2/values/?aware=false&context=junk',
  ]);
});

t(
  'a context given as differently spaced JSON shares one ETag, and a no-filter context is the naive answer',
  async () => {
    const a = encodeURIComponent('{"field":3,"operator":"gt","value":30}');
    const b = encodeURIComponent('{ "field": 3,  "operator": "gt", "value": 30 }');
    await sameAnswer([`/api/fields/1/values/?aware=true&context=${a}`, `/api/fields/1/values/?aware=1&context=${b}`]);
    await sameAnswer(['/api/fields/1/values/', `/api/fields/1/values/?aware=true&context=${encodeURIComponent('{}')}`]);
  },
);

t('different answers keep different ETags', async () => {
  const a = await get(s.url, '/api/fields/3/dist/');
  const b = await get(s.url, '/api/fields/3/dist/?nulls=true');
  const c = await get(s.url, '/api/fields/3/dist/?sort=count');
  assert.is.not(a.headers.get('etag'), b.headers.get('etag'));
  assert.is.not(a.headers.get('etag'), c.headers.get('etag'));
});

t('page links carry the normalised request, not the raw one', async () => {
  const r = await get(s.url, '/api/fields/2/values/?limit=+1&junk=1&aware=no');
  assert.is(r.status, 200);
  assert.is(r.body._links.next.href, `${s.url}/api/fields/2/values/?limit=1&page=2`);
  const l = await get(s.url, '/api/fields/?limit=2&sort=Name&bogus=1');
  assert.is(l.headers.get('link'), `<${s.url}/api/fields/?sort=name&limit=2&offset=2>; rel="next"`);
});

t.run();
