// Tests: echoed input is cut to 80 characters and escaped, whatever its size or nesting.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toEcho, toEchoText } from '../../src/common/echo.ts';

test('short values read as JSON', () => {
  assert.is(toEcho('Paris'), '"Paris"');
  assert.is(toEcho(12.5), '12.5');
  assert.is(toEcho(null), 'null');
  assert.is(toEcho(true), 'true');
  assert.is(toEcho(undefined), 'undefined');
  assert.is(toEcho(12n), '12');
  assert.is(toEcho([1, 'a', { b: [null] }]), '[1,"a",{"b":[null]}]');
  assert.is(toEcho(new Map([['k', 1]])), '{"k":1}');
  assert.is(toEcho('say "hi" \\o/'), '"say \\"hi\\" \\\\o/"');
});

test('long input is cut to 80 characters, ending in ...', () => {
  const s = toEcho('a'.repeat(60_000));
  assert.is(s, `"${'a'.repeat(76)}...`);
  assert.is(s.length, 80);
  assert.is(toEchoText('a'.repeat(60_000)), `${'a'.repeat(77)}...`);
  assert.is(toEchoText('a'.repeat(80)), 'a'.repeat(80));
  assert.is(toEcho(Array.from({ length: 1000 }, (_, i) => i)).length, 80);
});

test('control, format and separator characters become escapes; a cut never splits one', () => {
  assert.is(
    toEcho('a\u0000b\nc\u001bd\u007f\u0085\u2028\u200e'),
    '"a\\u0000b\\nc\\u001bd\\u007f\\u0085\\u2028\\u200e"',
  );
  assert.is(toEchoText('x\ty\ud800'), 'x\\ty\\ud800');
  assert.is(toEchoText('é€😀'), 'é€😀'); // visible characters stay as they are
  const cut = toEchoText(`${'a'.repeat(75)}\u0001\u0001`);
  assert.is(cut, `${'a'.repeat(75)}...`);
  const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 256)).toString('latin1');
  const echoed = toEchoText(bytes);
  assert.ok(echoed.length <= 80);
  assert.not.match(echoed, /\p{Cc}/u);
});

test('nesting of any depth is walked without recursion', () => {
  let deep: unknown = 1;
  for (let i = 0; i < 200_000; i++) deep = i % 2 ? [deep] : { a: deep };
  const s = toEcho(deep);
  assert.is(s.length, 80);
  assert.ok(s.endsWith('...'));
  assert.ok(s.startsWith('[{"a":[{"a":'));
  const wide = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i]));
  assert.is(toEcho(wide), `${JSON.stringify(wide).slice(0, 77)}...`);
});

test.run();
