// Slice-by-slice serialisation (src/http/serialize.ts): the same bytes as JSON.stringify, with the event loop served between slices.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toJsonInSlices, toJsonTextInSlices } from '../../src/http/serialize.ts';

test('gives exactly the bytes of JSON.stringify for empty, small and many-slice lists', async () => {
  for (const n of [0, 1, 5, 511, 512, 513, 4096, 4097, 10_000]) {
    const item = (j: number) => ({ value: j % 7 === 0 ? `é"${j}` : j, label: String(j), count: j * 3 });
    const body = { values: [] as unknown[], count: n, _links: { self: { href: 'http://h/api/?a=1', rel: 'self' } } };
    const whole = JSON.stringify({ ...body, values: Array.from({ length: n }, (_, j) => item(j)) });
    assert.is((await toJsonInSlices(body, 'values', n, item)).toString(), whole, `n=${n}`);
  }
});

test('items given as their JSON text give the same bytes', async () => {
  for (const n of [0, 1, 511, 512, 513, 4097, 10_000]) {
    const item = (j: number) => ({ value: j % 7 === 0 ? `é"${j}` : j / 8, label: String(j), count: j });
    const body = { values: [] as unknown[], count: n, _links: { self: { href: 'http://h/api/?a=1', rel: 'self' } } };
    const whole = JSON.stringify({ ...body, values: Array.from({ length: n }, (_, j) => item(j)) });
    const text = (j: number) => JSON.stringify(item(j));
    assert.is((await toJsonTextInSlices(body, 'values', n, text)).toString(), whole, `n=${n}`);
  }
});

test('lets other work run between slices', async () => {
  let ticks = 0;
  const timer = setInterval(() => {
    ticks++;
  }, 0);
  const pending = toJsonInSlices({ values: [] }, 'values', 200_000, (j) => ({ value: j, label: String(j), count: 1 }));
  const bytes = await pending;
  clearInterval(timer);
  assert.ok(ticks > 0, 'a timer ran while serialising');
  assert.is(JSON.parse(bytes.toString()).values.length, 200_000);
});

test.run();
