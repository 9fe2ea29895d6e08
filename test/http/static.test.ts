// Tests: the web page at / and its assets: CSP, caching, content-hashed names, a deterministic build.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { CONTENT_SECURITY_POLICY, IMMUTABLE } from '../../src/http/static.ts';
import { readWeb, WEB_SOURCE, writeWeb } from '../../src/http/web-assets.ts';
import { buildWeb } from '../../src/http/web-build.ts';
import type { Running } from '../../src/serve/server.ts';
import { get, startTestServer } from '../helpers/server.ts';

const t = suite('web page and assets');
let s: Running;
t.before(async () => {
  s = await startTestServer();
});
t.after(async () => {
  await s.close();
});

const assetsOf = (html: string) => [...html.matchAll(/(?:src|href)="(assets\/[^"]+)"/g)].map((m) => m[1]);

t(
  'GET / is the page: HTML, revalidated on each visit, with a CSP that allows no inline or foreign script',
  async () => {
    const r = await get(s.url, '/');
    assert.is(r.status, 200);
    assert.is(r.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.is(r.headers.get('cache-control'), 'no-cache');
    assert.is(r.headers.get('content-security-policy'), CONTENT_SECURITY_POLICY);
    const script = CONTENT_SECURITY_POLICY.split('; ').find((d) => d.startsWith('script-src'));
    assert.is(script, "script-src 'self'");
    assert.is(r.headers.get('x-content-type-options'), 'nosniff');
    // Every <script> loads a file; none carries code.
    const scripts = [...r.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.is(scripts.length, 1);
    for (const [, attrs, body] of scripts) {
      assert.match(attrs, /src="assets\/main-[0-9a-f]{16}\.js"/);
      assert.is(body.trim(), '');
    }
    assert.is(assetsOf(r.text).length, 2);
  },
);

t('the page has an ETag that gives a 304; HEAD has no body', async () => {
  const first = await get(s.url, '/');
  const again = await get(s.url, '/', { 'If-None-Match': first.headers.get('etag')! });
  assert.equal([again.status, again.text], [304, '']);
  const head = await get(s.url, '/', {}, 'HEAD');
  assert.equal(
    [head.status, head.text, head.headers.get('content-length')],
    [200, '', String(Buffer.byteLength(first.text))],
  );
});

t('assets are named by the SHA-256 of their bytes and cached for a year as immutable', async () => {
  const page = await get(s.url, '/');
  for (const path of assetsOf(page.text)) {
    const res = await fetch(`${s.url}/${path}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    assert.is(res.status, 200, path);
    assert.is(res.headers.get('cache-control'), IMMUTABLE);
    assert.is(IMMUTABLE, 'public, max-age=31536000, immutable');
    assert.is(
      res.headers.get('content-type'),
      path.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8',
    );
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
    assert.ok(
      path.endsWith(`-${hash}${path.slice(path.lastIndexOf('.'))}`),
      `${path} is not named by its content hash ${hash}`,
    );
  }
});

t('an unknown asset is a JSON 404; other methods are 405', async () => {
  const r = await get(s.url, '/assets/main-0000000000000000.js');
  assert.equal([r.status, r.body.code], [404, 'NOT_FOUND']);
  assert.is((await get(s.url, '/', {}, 'POST')).status, 405);
});

t('two builds of the same sources are byte-identical, and a written bundle reads back the same', async () => {
  const [a, b] = [await buildWeb(WEB_SOURCE), await buildWeb(WEB_SOURCE)];
  assert.equal([...a.assets.keys()], [...b.assets.keys()]);
  for (const [name, file] of a.assets) assert.ok(file.bytes.equals(b.assets.get(name)!.bytes), name);
  assert.ok(a.page.bytes.equals(b.page.bytes));
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-web-'));
  try {
    writeWeb(a, dir);
    const back = readWeb(dir);
    assert.ok(back.page.bytes.equals(a.page.bytes));
    assert.equal([...back.assets.keys()].sort(), [...a.assets.keys()].sort());
    for (const [name, file] of back.assets)
      assert.equal([file.type, file.bytes.equals(a.assets.get(name)!.bytes)], [a.assets.get(name)!.type, true]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

t.run();
