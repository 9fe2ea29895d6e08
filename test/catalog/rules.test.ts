// Tests: simple types, operators, plurals and visibility rules (src/model.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { operatorsFor, toPlural, toSimpleType } from '../../src/catalog/rules.ts';
import { isOpenTo, toVisibilityKey } from '../../src/snapshot/visibility.ts';

test('simple types follow the original map', () => {
  assert.equal(
    ['integer', 'biginteger', 'float', 'decimal'].map((t) => toSimpleType(t as 'integer')),
    ['number', 'number', 'number', 'number'],
  );
  assert.is(toSimpleType('text'), 'string');
  assert.is(toSimpleType('key'), 'key');
  assert.is(toSimpleType('datetime'), 'datetime');
});

test('operators by simple type, nullable fields adding isnull', () => {
  assert.equal(operatorsFor('key', false), [
    ['exact', 'is'],
    ['-exact', 'is not'],
    ['in', 'includes'],
    ['-in', 'excludes'],
  ]);
  assert.equal(operatorsFor('boolean', true).slice(-2), [
    ['isnull', 'is null'],
    ['-isnull', 'is not null'],
  ]);
  assert.is(operatorsFor('date', false).length, 10);
});

test('plurals follow English rules, on the head noun of a phrase', () => {
  assert.is(toPlural('City'), 'Cities');
  assert.is(toPlural('Time of day'), 'Times of day');
  assert.is(toPlural('Miles per gallon'), 'Miles per gallon');
  assert.is(toPlural('Person'), 'People');
  assert.is(toPlural('Box office gross'), 'Box office grosses');
  assert.is(toPlural('metre'), 'metres');
});

test('plural adds s unless the name ends in s', () => {
  assert.is(toPlural('Penguin'), 'Penguins');
  assert.is(toPlural('Species'), 'Species');
});

test('visibility rules and keys', () => {
  const anon = { name: 'a', privileged: false, groups: [] };
  const staff = { name: 's', privileged: false, groups: ['staff', 'a'] };
  const open = { published: true, archived: false, groups: null };
  assert.ok(isOpenTo(anon, open));
  assert.not.ok(isOpenTo(anon, { ...open, published: false }));
  assert.not.ok(isOpenTo(anon, { ...open, archived: true }));
  assert.not.ok(isOpenTo(anon, { ...open, groups: ['staff'] }));
  assert.ok(isOpenTo(staff, { ...open, groups: ['staff'] }));
  assert.ok(isOpenTo({ name: 'p', privileged: true, groups: [] }, { published: false, archived: true, groups: ['x'] }));
  assert.is(toVisibilityKey(staff), 'u:["a","staff"]');
  assert.is(toVisibilityKey({ ...staff, name: 'other', groups: ['a', 'staff', 'a'] }), 'u:["a","staff"]');
  assert.is(toVisibilityKey(anon), 'u:[]');
});

test('a frozen user (anonymous, an API key) keeps the key its groups give, each user its own', () => {
  const staff = Object.freeze({ name: 's', privileged: false, groups: ['staff', 'a', 'staff'] });
  const lab = Object.freeze({ name: 'l', privileged: false, groups: ['lab'] });
  for (let round = 0; round < 2; round++) {
    assert.is(toVisibilityKey(staff), 'u:["a","staff"]');
    assert.is(toVisibilityKey(lab), 'u:["lab"]');
    assert.is(toVisibilityKey(Object.freeze({ name: 'p', privileged: true, groups: ['lab'] })), 'p');
  }
});

test('groups are compared whole: a comma, a quote or a DN in a group name never joins two sets into one key', () => {
  const key = (...groups: string[]) => toVisibilityKey({ name: 'x', privileged: false, groups });
  const sets = [
    [],
    [''],
    ['finance,ops'],
    ['finance', 'ops'],
    ['ops', 'finance,'],
    ['finance', ',ops'],
    ['cn=x,ou=y'],
    ['cn=x', 'ou=y'],
    ['a"', 'b'],
    ['a', '"b'],
    ['a","b'],
    ['a\\', 'b'],
  ];
  const keys = sets.map((g) => key(...g));
  assert.is(new Set(keys).size, sets.length, keys.join(' | '));
  assert.is.not(key('finance,ops'), key('finance', 'ops'));
  assert.is(key('ops', 'finance'), key('finance', 'ops'));
});

test.run();
