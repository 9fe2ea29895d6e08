// Query-parameter parsing (src/http/params.ts): one value per parameter, exact forms, a 400 naming the parameter.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HttpError } from '../../src/http/errors.ts';
import { toBoolParam, toEnumParam, toId, toIntParam, toSingle } from '../../src/http/params.ts';

function fails(f: () => unknown, parameter: string, pattern: RegExp): void {
  try {
    f();
  } catch (err) {
    assert.instance(err, HttpError);
    assert.equal(
      [(err as HttpError).status, (err as HttpError).code, (err as HttpError).parameter],
      [400, 'INVALID_PARAMETER', parameter],
    );
    assert.match((err as HttpError).message, pattern);
    return;
  }
  assert.unreachable(`expected a 400 on ${parameter}`);
}

test('booleans accept true/false/1/0/yes/no in any case; absent is the fallback', () => {
  for (const [v, b] of [
    ['true', true],
    ['YES', true],
    ['1', true],
    ['False', false],
    ['no', false],
    ['0', false],
  ] as const) {
    assert.is(toBoolParam({ x: v }, 'x', null), b, v);
  }
  assert.is(toBoolParam({}, 'x', true), true);
  assert.is(toBoolParam({}, 'x', null), null);
  fails(() => toBoolParam({ x: 'maybe' }, 'x', false), 'x', /must be true or false .*"maybe"/);
});

test('a repeated single-valued parameter is a 400', () => {
  fails(() => toSingle({ sort: ['name', 'category'] }, 'sort'), 'sort', /given 2 times/);
});

test('enums are case-insensitive and refuse other words', () => {
  assert.is(toEnumParam({ sort: 'NAME' }, 'sort', ['category', 'name'] as const, 'category'), 'name');
  fails(
    () => toEnumParam({ sort: 'size' }, 'sort', ['category', 'name'] as const, 'category'),
    'sort',
    /one of category, name, got "size"/,
  );
});

test('integers are whole, safe and in range', () => {
  assert.is(toIntParam({ n: '+7' }, 'n', 1, 10, null), 7);
  assert.is(toIntParam({}, 'n', 1, 10, 3), 3);
  fails(() => toIntParam({ n: '1.5' }, 'n', 1, 10, null), 'n', /whole number/);
  fails(() => toIntParam({ n: '99999999999999999999' }, 'n', 1, 10, null), 'n', /whole number/);
  fails(() => toIntParam({ n: '11' }, 'n', 1, 10, null), 'n', /between 1 and 10, got 11/);
});

test('ids are canonical positive integers, else null (a 404 upstream)', () => {
  assert.is(toId('12'), 12);
  for (const raw of ['0', '012', '-1', '1e3', 'abc', '', undefined, '1234567890123456'])
    assert.is(toId(raw), null, String(raw));
});

test.run();
