// Tests: error bodies echo at most 80 characters of input, escaped; deep JSON bodies are a 400, never a stack overflow.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { get, post, startTestServer } from '../helpers/server.ts';

const t = suite('echoed input');
let s: Running;
t.before(async () => {
  s = await startTestServer(undefined, { maxBodyBytes: 1024 * 1024 });
});
t.after(async () => {
  await s.close();
});

/** The part of a message between `start` and `end`: the echoed piece of input. */
const between = (message: string, start: string, end: string) =>
  message.slice(message.indexOf(start) + start.length, message.lastIndexOf(end));

t('deeply nested POST bodies are a 400 INVALID_BODY with a short message', async () => {
  let nested = '1';
  for (let i = 0; i < 50_000; i++) nested = i % 2 ? `{"a":${nested}}` : `[${nested}]`;
  const bodies = [
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    `[${'['.repeat(5000)}${']'.repeat(5000)}]`,
    `{"value":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`,
    `[{"label":${'['.repeat(5000)}${']'.repeat(5000)}}]`,
    `[{"value":${nested}}]`,
    `[{"label":"Paris","note":${'['.repeat(5000)}${']'.repeat(5000)}}]`, // a valid item: its extra key is echoed back
  ];
  for (const body of bodies) {
    assert.ok(body.length < 1024 * 1024);
    const r = await post(s.url, '/api/fields/2/values/', body);
    assert.is(r.status, 400, body.slice(0, 40));
    assert.is(r.body.code, 'INVALID_BODY');
    assert.ok(r.body.message.length < 250, r.body.message);
  }
});

t('a 60,000-character id in a path is cut to 80 characters in the 404', async () => {
  for (const path of [`/api/fields/${'a'.repeat(60_000)}/`, `/api/concepts/${'a'.repeat(60_000)}/`]) {
    const r = await get(s.url, path);
    assert.is(r.status, 404);
    assert.is(between(r.body.message, 'with id ', '. See'), `${'a'.repeat(77)}...`);
  }
  const unknown = await get(s.url, `/api/${'b'.repeat(60_000)}/`);
  assert.is(unknown.status, 404);
  assert.ok(unknown.body.message.length < 200, unknown.body.message.slice(0, 200));
});

t('parameters, dimensions and content types are echoed cut and escaped', async () => {
  const long = 'x'.repeat(10_000);
  for (const q of [`aware=${long}`, `sort=${long}`, `dimensions=${long}`, `limit=${long}`]) {
    const r = await get(s.url, `/api/fields/3/${q.startsWith('limit') ? 'values' : 'dist'}/?${q}`);
    assert.is(r.status, 400, q.slice(0, 20));
    assert.ok(r.body.message.length < 250, r.body.message.slice(0, 300));
    assert.match(r.body.message, /x{20}\.\.\./);
  }
  const control = await get(s.url, `/api/fields/3/dist/?aware=${encodeURIComponent('\u0000\u001b[31m')}`);
  assert.is(control.status, 400);
  assert.match(control.body.message, /"\\u0000\\u001b\[31m"/);
  const type = await post(s.url, '/api/fields/2/values/', '[]', { 'Content-Type': `text/${long}` });
  assert.is(type.status, 415);
  assert.ok(type.body.message.length < 250, type.body.message.slice(0, 300));
});

t.run();
