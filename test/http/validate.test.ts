// Tests: POST /api/fields/:id/values/ validates typed values (Serrano 2.3's shape), a read with the GET's access rules.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { STAFF, get, post, startTestServer } from '../helpers/server.ts';

const t = suite('values validation (POST)');
let s: Running;
t.before(async () => {
  s = await startTestServer(undefined, { corsOrigins: ['https://portal.example'], maxBodyBytes: 2048, maxValidate: 5 });
});
t.after(async () => {
  await s.close();
});

const ctx = (c: unknown) => `aware=true&context=${encodeURIComponent(JSON.stringify(c))}`;

t(
  "labels: valid when among the field's values, with the value filled in; else the label is echoed as value",
  async () => {
    const r = await post(s.url, '/api/fields/2/values/', [{ label: 'Paris' }, { label: 'Lyon' }, { label: 'paris' }]);
    assert.is(r.status, 200);
    assert.equal(r.body, [
      { label: 'Paris', value: 'Paris', valid: true },
      { label: 'Lyon', value: 'Lyon', valid: false },
      { label: 'paris', value: 'paris', valid: false },
    ]);
    assert.is(r.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.is(r.headers.get('cache-control'), 'no-store');
    assert.is(r.headers.get('etag'), null);
  },
);

t(
  "values keep their JSON types; the label comes from the field (or is the value's string form when missing)",
  async () => {
    const age = await post(s.url, '/api/fields/3/values/', [
      { value: 36 },
      { value: '36' },
      { value: 37 },
      { label: '52' },
      { value: null },
    ]);
    assert.equal(age.body, [
      { value: 36, label: '36', valid: true },
      { value: '36', label: '36', valid: false },
      { value: 37, label: '37', valid: false },
      { label: '52', value: 52, valid: true },
      { value: null, label: 'null', valid: false },
    ]);
    const member = await post(s.url, '/api/fields/5/values/', [{ value: true }, { label: 'false' }]);
    assert.equal(member.body, [
      { value: true, label: 'true', valid: true },
      { label: 'false', value: false, valid: true },
    ]);
    const joined = await post(s.url, '/api/fields/6/values/', [
      { value: '2020-01-15' },
      { label: '2021-03-20' },
      { value: '2020-1-15' },
    ]);
    assert.equal(
      joined.body.map((v: { valid: boolean }) => v.valid),
      [true, true, false],
    );
    assert.is(joined.body[1].value, '2021-03-20');
  },
);

t(
  'value wins over label; other keys are echoed; one object in, one object out; an empty list is an empty list',
  async () => {
    const r = await post(s.url, '/api/fields/2/values/', [
      { value: 'Berlin', label: 'wrong', valid: null, pending: false },
    ]);
    assert.equal(r.body, [{ value: 'Berlin', label: 'Berlin', valid: true, pending: false }]);
    assert.equal((await post(s.url, '/api/fields/2/values/', { label: 'Zürich' })).body, {
      label: 'Zürich',
      value: 'Zürich',
      valid: true,
    });
    assert.equal((await post(s.url, '/api/fields/2/values/', [])).body, []);
  },
);

t('aware=true with a context checks against the values the context selects', async () => {
  const berliners = ctx({ field: 2, operator: 'exact', value: 'Berlin' });
  const r = await post(s.url, `/api/fields/1/values/?${berliners}`, [{ label: 'Bob' }, { label: 'Ada' }]);
  assert.equal(
    r.body.map((v: { valid: boolean }) => v.valid),
    [true, false],
  );
  assert.equal(
    (
      await post(
        s.url,
        `/api/fields/1/values/?context=${encodeURIComponent('{"field": 2, "operator": "exact", "value": "Berlin"}')}`,
        [{ label: 'Ada' }],
      )
    ).body[0].valid,
    true,
  );
  const bad = await post(s.url, `/api/fields/1/values/?${ctx({ field: 99, operator: 'exact', value: 1 })}`, [
    { label: 'Ada' },
  ]);
  assert.equal([bad.status, bad.body.code], [400, 'INVALID_CONTEXT']);
  assert.equal((await post(s.url, '/api/fields/1/values/?aware=perhaps', [])).body.parameter, 'aware');
});

t('an unknown or invisible field is the same 404 as for GET, whatever the body', async () => {
  for (const id of [7, 8, 9, 7000]) {
    const r = await post(s.url, `/api/fields/${id}/values/`, 'not json');
    assert.equal([r.status, r.body.code], [404, 'NOT_FOUND']);
    assert.is(r.text.replace(/\d+/g, 'N'), (await get(s.url, `/api/fields/${id}/values/`)).text.replace(/\d+/g, 'N'));
  }
  assert.equal((await post(s.url, '/api/fields/7/values/', [{ label: 'alpha' }], STAFF)).body, [
    { label: 'alpha', value: 'alpha', valid: true },
  ]);
});

t('the body must be JSON: Content-Type 415, unparsable or empty 400, wrong shapes 400 naming the item', async () => {
  const text = await fetch(`${s.url}/api/fields/2/values/`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain' },
    body: '[]',
  });
  assert.equal([text.status, ((await text.json()) as { code: string }).code], [415, 'UNSUPPORTED_MEDIA_TYPE']);
  const none = await fetch(`${s.url}/api/fields/2/values/`, { method: 'POST', body: new Uint8Array([91, 93]) });
  assert.is(none.status, 415);
  assert.is(
    (
      await post(s.url, '/api/fields/2/values/', [{ label: 'Paris' }], {
        'Content-Type': 'application/json; charset=utf-8',
      })
    ).status,
    200,
  );
  for (const [body, message] of [
    ['[{"label": ', /not valid JSON/],
    ['', /empty/],
    ['"Paris"', /JSON array/],
    ['[1]', /body\[0\] must be an object/],
    ['[{"label": "a"}, {"name": "b"}]', /body\[1\] needs "value" or "label"/],
    ['[{"label": 3}]', /body\[0\]\.label must be a string/],
    ['[{"value": [1]}]', /body\[0\]\.value must be a string, number, boolean or null/],
  ] as const) {
    const r = await post(s.url, '/api/fields/2/values/', body);
    assert.equal([r.status, r.body.code], [400, 'INVALID_BODY'], body);
    assert.match(r.body.message, message);
  }
});

t('limits: more values than maxValidate is a 400, a body over maxBodyBytes a 413, both saying what to do', async () => {
  const six = Array.from({ length: 6 }, (_, i) => ({ label: `v${i}` }));
  const many = await post(s.url, '/api/fields/2/values/', six);
  assert.equal([many.status, many.body.code], [400, 'INVALID_BODY']);
  assert.match(many.body.message, /6 values; the limit is 5 per request/);
  const big = await post(s.url, '/api/fields/2/values/', [{ label: 'x'.repeat(3000) }]);
  assert.equal([big.status, big.body.code], [413, 'BODY_TOO_LARGE']);
  assert.match(big.body.message, /limit is 2048/);
  // Without a Content-Length (chunked), the count of bytes read so far decides.
  const chunks = [
    Buffer.from('[{"label": "'),
    Buffer.from('y'.repeat(1500)),
    Buffer.from('y'.repeat(1500)),
    Buffer.from('"}]'),
  ];
  const stream = new ReadableStream({
    pull(c) {
      const b = chunks.shift();
      if (b) c.enqueue(b);
      else c.close();
    },
  });
  const chunked = await fetch(`${s.url}/api/fields/2/values/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: stream,
    duplex: 'half',
  } as RequestInit);
  assert.equal([chunked.status, ((await chunked.json()) as { code: string }).code], [413, 'BODY_TOO_LARGE']);
  assert.is((await post(s.url, '/api/fields/2/values/', [{ label: 'Paris' }])).status, 200); // the server still answers
});

t('POST is allowed on the values path only: Allow and preflights list it there, 405 elsewhere', async () => {
  for (const path of ['/api/fields/2/values/', '/api/fields/2/values']) {
    const put = await get(s.url, path, {}, 'PUT');
    assert.equal([put.status, put.headers.get('allow')], [405, 'GET, HEAD, POST, OPTIONS']);
    const pre = await get(
      s.url,
      path,
      {
        Origin: 'https://portal.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
      'OPTIONS',
    );
    assert.equal(
      [pre.status, pre.headers.get('access-control-allow-methods'), pre.headers.get('allow')],
      [204, 'GET, HEAD, POST, OPTIONS', 'GET, HEAD, POST, OPTIONS'],
    );
    assert.match(pre.headers.get('access-control-allow-headers')!, /Content-Type/);
  }
  for (const path of [
    '/api/',
    '/api/fields/2/',
    '/api/fields/2/dist/',
    '/api/fields/2/stats/',
    '/api/concepts/1/fields/',
    '/api/fields/2/values/x/',
  ]) {
    const r = await post(s.url, path, []);
    assert.equal(
      [r.status, r.body.code, r.headers.get('allow')],
      [405, 'METHOD_NOT_ALLOWED', 'GET, HEAD, OPTIONS'],
      path,
    );
    assert.is(
      (await get(s.url, path, {}, 'OPTIONS')).headers.get('access-control-allow-methods'),
      'GET, HEAD, OPTIONS',
    );
  }
  const cors = await post(s.url, '/api/fields/2/values/', [], { Origin: 'https://portal.example' });
  assert.is(cors.headers.get('access-control-allow-origin'), 'https://portal.example');
});

t('a bad credential is a 401 before the body is read; the GET answers as before', async () => {
  const r = await post(s.url, '/api/fields/2/values/', 'not json', { Authorization: 'Bearer nope' });
  assert.equal([r.status, r.body.code], [401, 'UNAUTHORIZED']);
  assert.is((await get(s.url, '/api/fields/2/values/')).body.values.length, 3);
});

t.run();
