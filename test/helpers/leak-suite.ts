// The leak matrix (API.md §2) as a suite over a generated catalog: every path × user kind × flag combination.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { isConceptVisible, isVisible, type LeakCatalog, type LeakUser } from './leak-catalog.ts';
import { type Got, get, post, startTestServer } from './server.ts';

/** Defines the suite's tests over `cat` (the caller runs them). */
export function defineLeakSuite(cat: LeakCatalog): void {
  const MISSING = 9999; // an id no field or concept has
  const ctx = (node: object) => encodeURIComponent(JSON.stringify(node));
  let s: Running;

  /** Every request about field `id`, in the forms that could carry it: its own paths, as a dimension, in a context. */
  function fieldRequests(id: number): { path: string; body?: unknown }[] {
    return [
      { path: `/api/fields/${id}/` },
      { path: `/api/fields/${id}/values/` },
      { path: `/api/fields/${id}/values/?query=x1` },
      { path: `/api/fields/${id}/values/?random=2&seed=1` },
      { path: `/api/fields/${id}/dist/` },
      { path: `/api/fields/${id}/stats/` },
      { path: `/api/fields/1/dist/?dimensions=${id}` },
      { path: `/api/fields/1/values/?aware=true&context=${ctx({ field: id, operator: 'exact', value: 'x' })}` },
      { path: `/api/fields/${id}/values/`, body: [{ value: 'x' }, { label: 'y' }] },
      {
        path: `/api/fields/1/values/?aware=true&context=${ctx({ field: id, operator: 'in', value: ['x'] })}`,
        body: [{ value: 'x' }],
      },
    ];
  }

  /** The secrets of everything `user` may not see: names, descriptions, columns and values. */
  function secretsFor(user: LeakUser): string[] {
    const hidden = cat.fields.filter((f) => !isVisible(user, f));
    const concepts = cat.concepts.filter((c) => !isConceptVisible(user, c, cat.fields));
    return [
      ...hidden.flatMap((f) => [f.name, f.description, f.column, ...f.values]),
      ...concepts.flatMap((c) => [c.name, c.description]),
    ];
  }

  /** Fails when an answer's body or any header names a secret (the request's own input aside). */
  function assertNoSecret(r: Got, secrets: string[], what: string, input = ''): void {
    // An ETag is a hash (of the version, the visibility and the request): a secret's few letters can turn up in it by chance.
    const headers = [...r.headers]
      .filter(([k]) => k !== 'etag')
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n');
    for (const secret of secrets) {
      if (input.includes(secret)) continue;
      assert.not.ok(r.text.includes(secret), `${what}: the body names ${secret}: ${r.text.slice(0, 300)}`);
      assert.not.ok(headers.includes(secret), `${what}: a header names ${secret}`);
    }
  }

  const send = (path: string, user: LeakUser, body?: unknown) =>
    body === undefined ? get(s.url, path, user.headers) : post(s.url, path, body, user.headers);

  /** Status, body and headers, with `id` written as MISSING and the volatile Date dropped. */
  const shape = (r: Got, id: number) => ({
    status: r.status,
    body: r.text.replaceAll(`/${id}/`, `/${MISSING}/`).replace(new RegExp(`\\b${id}\\b`, 'g'), String(MISSING)),
    headers: [...r.headers].filter(([k]) => !['date', 'etag', 'content-length'].includes(k)),
  });

  test.before(async () => {
    s = await startTestServer(cat.path);
  });
  test.after(async () => {
    await s.close();
  });

  for (const user of cat.users) {
    const fieldIds = cat.fields.filter((f) => isVisible(user, f)).map((f) => f.id);
    const conceptIds = cat.concepts.filter((c) => isConceptVisible(user, c, cat.fields)).map((c) => c.id);
    const secrets = secretsFor(user);

    test(`${user.kind}: lists, counts and search show exactly the visible fields and concepts`, async () => {
      const fields = await send('/api/fields/', user);
      assert.equal(
        fields.body.map((f: { id: number }) => f.id).sort((a: number, b: number) => a - b),
        fieldIds,
      );
      assert.is(fields.headers.get('x-total-count'), String(fieldIds.length));
      const concepts = await send('/api/concepts/?embed=true', user);
      assert.equal(
        concepts.body.map((c: { id: number }) => c.id).sort((a: number, b: number) => a - b),
        conceptIds,
      );
      assert.is(concepts.headers.get('x-total-count'), String(conceptIds.length));
      const found = await send('/api/fields/?query=Tok', user);
      assert.is(found.headers.get('x-total-count'), String(fieldIds.length));
      const paged = await send('/api/concepts/?limit=2&offset=1&sort=name', user);
      assert.is(paged.headers.get('x-total-count'), String(conceptIds.length));
      for (const r of [fields, concepts, found, paged]) assertNoSecret(r, secrets, 'a list');
    });

    test(`${user.kind}: every field path answers a hidden field exactly as a missing one, and names nothing hidden`, async () => {
      for (const f of cat.fields) {
        for (const [i, req] of fieldRequests(f.id).entries()) {
          const input = req.path + JSON.stringify(req.body ?? '');
          const r = await send(req.path, user, req.body);
          assert.ok(r.status < 500, `${req.path}: ${r.status}`);
          assertNoSecret(r, secrets, `${user.kind} ${req.path}`, input);
          if (isVisible(user, f)) continue;
          const twin = fieldRequests(MISSING)[i];
          const missing = await send(twin.path, user, twin.body);
          assert.equal(shape(r, f.id), shape(missing, MISSING), `${req.path} differs from ${twin.path}`);
        }
      }
    });

    test(`${user.kind}: every concept path answers a hidden concept exactly as a missing one`, async () => {
      for (const c of cat.concepts) {
        for (const path of [`/api/concepts/${c.id}/`, `/api/concepts/${c.id}/fields/`]) {
          const r = await send(path, user);
          assertNoSecret(r, secrets, `${user.kind} ${path}`);
          if (isConceptVisible(user, c, cat.fields)) {
            assert.is(r.status, 200, path);
            continue;
          }
          const missing = await send(path.replace(`/${c.id}/`, `/${MISSING}/`), user);
          assert.equal(shape(r, c.id), shape(missing, MISSING), path);
        }
      }
    });

    test(`${user.kind}: the root, the OpenAPI document, /metrics, /readyz and the web page name nothing hidden`, async () => {
      await send('/api/fields/1/values/', user); // some traffic for /metrics to count
      for (const path of ['/api/', '/api/openapi.json', '/metrics', '/readyz', '/healthz', '/']) {
        const r = await send(path, user);
        assert.is(r.status, 200, path);
        assertNoSecret(r, secrets, `${user.kind} ${path}`);
      }
    });
  }

  test('a bad token: 401 with WWW-Authenticate on every API path, and no catalog word at all', async () => {
    const bad: LeakUser = {
      kind: 'bad token',
      headers: { Authorization: 'Bearer not-a-key' },
      privileged: false,
      groups: [],
    };
    const everything = [
      ...cat.fields.flatMap((f) => [f.name, f.description, f.column, ...f.values]),
      ...cat.concepts.map((c) => c.name),
    ];
    const paths: { path: string; body?: unknown }[] = [
      ...['/api/', '/api/fields/', '/api/concepts/'].map((path) => ({ path })),
      ...cat.fields.flatMap((f) => fieldRequests(f.id)),
      ...cat.concepts.map((c) => ({ path: `/api/concepts/${c.id}/fields/` })),
    ];
    for (const req of paths) {
      const r = await send(req.path, bad, req.body);
      assert.is(r.status, 401, req.path);
      assert.is(r.body.code, 'UNAUTHORIZED');
      assert.match(r.headers.get('www-authenticate') ?? '', /^Bearer/);
      assertNoSecret(r, everything, `bad token ${req.path}`, req.path + JSON.stringify(req.body ?? ''));
    }
  });
}
