// Context faults found by fuzzing (issue 14 §4): deep nesting without recursion, the size limit before the blank check.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { get, startTestServer } from '../helpers/server.ts';

const t = suite('context limits');
let s: Running;
t.before(async () => {
  s = await startTestServer();
});
t.after(async () => {
  await s.close();
});

const values = (raw: string) => get(s.url, `/api/fields/1/values/?aware=true&context=${encodeURIComponent(raw)}`);

t('a context nested 4,500 levels deep (under 16 KiB) is a 400 INVALID_CONTEXT, not a 500', async () => {
  for (const raw of [
    '['.repeat(4500) + ']'.repeat(4500),
    `{"field":3,"operator":"in","value":${'['.repeat(4500)}${']'.repeat(4500)}}`,
  ]) {
    assert.ok(Buffer.byteLength(raw) < 16 * 1024);
    const r = await values(raw);
    assert.is(r.status, 400);
    assert.is(r.body.code, 'INVALID_CONTEXT');
    assert.match(r.body.message, /deeper than 32 levels/);
  }
});

t('a context of 17,000 spaces is over the size limit, not "no filter"', async () => {
  const r = await values(' '.repeat(17_000));
  assert.is(r.status, 400);
  assert.is(r.body.code, 'INVALID_CONTEXT');
  assert.match(r.body.message, /17000 bytes; the limit is 16384/);
});

t('a long bad value is echoed cut short in the message', async () => {
  const r = await values(`{"field":3,"operator":"gt","value":"${'x'.repeat(5000)}"}`);
  assert.is(r.status, 400);
  assert.ok(r.body.message.length < 300, r.body.message);
});

t.run();
