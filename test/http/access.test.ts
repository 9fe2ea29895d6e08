// Tests: access levels over HTTP: anonymous, groups, privileged, API keys, JWTs.
import { SignJWT } from 'jose';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { ADMIN, STAFF, get, startTestServer } from '../helpers/server.ts';

const t = suite('access levels');
let s: Running;
t.before(async () => {
  s = await startTestServer();
});
t.after(async () => {
  await s.close();
});

const ids = (body: { id: number }[]) => body.map((o) => o.id).sort((a, b) => a - b);
const secret = new TextEncoder().encode('fixture-secret-of-at-least-32-bytes!!');
const jwt = (claims: Record<string, unknown>, exp = '1h') =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('jwt-person')
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(secret);

t('anonymous users see published, unarchived, unrestricted objects only', async () => {
  assert.equal(ids((await get(s.url, '/api/fields/')).body), [1, 2, 3, 4, 5, 6, 10, 11, 12]);
  assert.equal(ids((await get(s.url, '/api/concepts/')).body), [1, 2, 3, 4, 10, 11]);
});

t('a group member also sees the objects restricted to that group', async () => {
  assert.equal(ids((await get(s.url, '/api/fields/', STAFF)).body), [1, 2, 3, 4, 5, 6, 7, 10, 11, 12]);
  assert.equal(ids((await get(s.url, '/api/concepts/', STAFF)).body), [1, 2, 3, 4, 5, 6, 10, 11]);
});

t('a concept with one invisible field is invisible', async () => {
  assert.is((await get(s.url, '/api/concepts/6/')).status, 404);
  assert.is((await get(s.url, '/api/concepts/6/', STAFF)).status, 200);
});

t('an invisible object answers exactly like an unknown one', async () => {
  for (const [path, unknown] of [
    ['/api/fields/7/', '/api/fields/7000/'],
    ['/api/concepts/9/', '/api/concepts/9000/'],
    ['/api/fields/8/values/', '/api/fields/8000/values/'],
    ['/api/fields/9/dist/', '/api/fields/9000/dist/'],
    ['/api/concepts/7/fields/', '/api/concepts/7000/fields/'],
  ]) {
    const a = await get(s.url, path);
    const b = await get(s.url, unknown);
    assert.is(a.status, 404);
    assert.is(a.body.code, 'NOT_FOUND');
    assert.is(a.text.replace(/\d+/g, 'N'), b.text.replace(/\d+/g, 'N'));
  }
});

t('non-privileged published=false or archived=true is 403; the harmless values are accepted', async () => {
  const a = await get(s.url, '/api/fields/?published=false');
  assert.is(a.status, 403);
  assert.equal([a.body.code, a.body.parameter], ['FORBIDDEN_PARAMETER', 'published']);
  const b = await get(s.url, '/api/concepts/?archived=true', STAFF);
  assert.is(b.status, 403);
  assert.is(b.body.parameter, 'archived');
  assert.is((await get(s.url, '/api/fields/?published=true&archived=false')).status, 200);
});

t('a bad API key is 401 with WWW-Authenticate, never a fall-back to anonymous', async () => {
  const r = await get(s.url, '/api/fields/', { Authorization: 'Bearer wrong-key' });
  assert.is(r.status, 401);
  assert.is(r.body.code, 'UNAUTHORIZED');
  assert.match(r.headers.get('www-authenticate')!, /^Bearer/);
  assert.is((await get(s.url, '/api/fields/', { Authorization: 'Basic abc' })).status, 401);
  assert.not.ok(r.text.includes('wrong-key'));
});

t(
  'an Authorization header that is present but empty, or not Bearer, is 401 with WWW-Authenticate, not anonymous',
  async () => {
    const { request } = await import('node:http');
    for (const value of ['', 'Bearer', 'Token abc', 'Basic dXNlcjpwYXNz']) {
      const { status, headers, body } = await new Promise<{
        status: number;
        headers: Record<string, unknown>;
        body: string;
      }>((resolve, reject) => {
        const req = request(`${s.url}/api/fields/`, { headers: { Authorization: value } }, (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
        });
        req.on('error', reject);
        req.end();
      });
      assert.is(status, 401, JSON.stringify(value));
      assert.match(String(headers['www-authenticate']), /^Bearer/);
      assert.is(JSON.parse(body).code, 'UNAUTHORIZED');
    }
  },
);

t('a valid JWT maps its claims to name, privilege and groups', async () => {
  const admin = await jwt({ admin: true });
  assert.is((await get(s.url, '/api/fields/', { Authorization: `Bearer ${admin}` })).body.length, 12);
  const staff = await jwt({ groups: ['staff'] });
  assert.equal(
    ids((await get(s.url, '/api/fields/', { Authorization: `Bearer ${staff}` })).body),
    [1, 2, 3, 4, 5, 6, 7, 10, 11, 12],
  );
});

t('an expired or forged JWT is 401', async () => {
  const expired = await new SignJWT({ admin: true })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
    .sign(secret);
  const r = await get(s.url, '/api/fields/', { Authorization: `Bearer ${expired}` });
  assert.is(r.status, 401);
  assert.match(r.body.message, /expired/);
  const forged = await new SignJWT({ admin: true })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('another-secret-another-secret-1234'));
  assert.is((await get(s.url, '/api/fields/', { Authorization: `Bearer ${forged}` })).status, 401);
});

t(
  'groups are compared whole: a single group "ops,staff" never shares visibility, cache entries or ETags with ["ops", "staff"]',
  async () => {
    // The old key joined sorted groups with commas: both sets were "ops,staff".
    const member = { Authorization: `Bearer ${await jwt({ groups: ['ops', 'staff'] })}` };
    const outsider = { Authorization: `Bearer ${await jwt({ groups: ['ops,staff'] })}` };
    // A member warms first, then the outsider asks (field 7 is restricted to `staff`).
    for (const path of ['/api/fields/7/', '/api/fields/7/values/', '/api/concepts/5/']) {
      assert.is((await get(s.url, path, member)).status, 200, `member ${path}`);
      assert.is((await get(s.url, path, outsider)).status, 404, `outsider after member ${path}`);
    }
    // The outsider warms first, then the member asks.
    for (const path of ['/api/fields/7/dist/', '/api/concepts/5/fields/']) {
      assert.is((await get(s.url, path, outsider)).status, 404, `outsider ${path}`);
      assert.is((await get(s.url, path, member)).status, 200, `member after outsider ${path}`);
    }
    // The lists, both orders.
    assert.equal(ids((await get(s.url, '/api/fields/?limit=100', member)).body), [1, 2, 3, 4, 5, 6, 7, 10, 11, 12]);
    assert.equal(ids((await get(s.url, '/api/fields/?limit=100', outsider)).body), [1, 2, 3, 4, 5, 6, 10, 11, 12]);
    assert.equal(ids((await get(s.url, '/api/concepts/?limit=100', outsider)).body), [1, 2, 3, 4, 10, 11]);
    assert.equal(ids((await get(s.url, '/api/concepts/?limit=100', member)).body), [1, 2, 3, 4, 5, 6, 10, 11]);
    // An object both see: the same body, but not the same validator, and one's ETag is no 304 for the other.
    const a = await get(s.url, '/api/fields/1/', member);
    const b = await get(s.url, '/api/fields/1/', outsider);
    assert.is(a.text, b.text);
    assert.is.not(a.headers.get('etag'), b.headers.get('etag'));
    const c = await get(s.url, '/api/fields/1/', { ...outsider, 'If-None-Match': a.headers.get('etag')! });
    assert.is(c.status, 200);
  },
);

t('anonymous access can be switched off: no credentials is 401', async () => {
  const { mkdtempSync, readFileSync, writeFileSync, copyFileSync } = await import('node:fs');
  const { join, dirname } = await import('node:path');
  const { FIXTURE_CATALOG } = await import('../helpers/server.ts');
  const dir = mkdtempSync('/tmp/sorrel-anon-');
  for (const f of ['people.csv', 'pets.json']) copyFileSync(join(dirname(FIXTURE_CATALOG), f), join(dir, f));
  writeFileSync(
    join(dir, 'catalog.yaml'),
    readFileSync(FIXTURE_CATALOG, 'utf8').replace('anonymous: true', 'anonymous: false'),
  );
  const closed = await startTestServer(join(dir, 'catalog.yaml'));
  try {
    assert.is((await get(closed.url, '/api/fields/')).status, 401);
    assert.is((await get(closed.url, '/api/fields/', ADMIN)).status, 200);
  } finally {
    await closed.close();
  }
});

t.run();
