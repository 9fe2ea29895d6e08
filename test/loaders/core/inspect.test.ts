// Column profiles for `sorrel init`.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inspectColumns } from '../../../loaders/index.ts';
import { fixture, tempFile } from '../helpers.ts';

test('profiles the fixture: types, nulls and exact non-null distinct counts', async () => {
  const profile = await inspectColumns(fixture('sample.csv'));
  assert.equal(profile, [
    { name: 'id', type: 'integer', nullable: false, distinct: 6, rows: 6 },
    { name: 'score', type: 'float', nullable: true, distinct: 5, rows: 6 },
    { name: 'name', type: 'char', nullable: true, distinct: 4, rows: 6 },
    { name: 'flag', type: 'boolean', nullable: false, distinct: 2, rows: 6 },
    { name: 'day', type: 'date', nullable: false, distinct: 5, rows: 6 },
    { name: 'at', type: 'datetime', nullable: false, distinct: 5, rows: 6 }, // rows 1 and 6 are one instant
    { name: 't', type: 'time', nullable: false, distinct: 6, rows: 6 },
  ]);
});

test('counts distinct values exactly, ignoring nulls; -0 and 0 are one value', async () => {
  const csv = ['n,b,big,s', '0,true,9007199254740993,x', '-0,true,9007199254740993,', ',true,1,x', '5,,,y'].join('\n');
  const profile = await inspectColumns(tempFile('distinct.csv', csv));
  assert.equal(
    profile.map((p) => [p.name, p.type, p.distinct, p.nullable]),
    [
      ['n', 'integer', 2, true],
      ['b', 'boolean', 1, true],
      ['big', 'biginteger', 2, true],
      ['s', 'char', 2, true],
    ],
  );
});

test('honours overrides', async () => {
  const profile = await inspectColumns(tempFile('zip.csv', 'zip\n00501\n501\n'), { columns: { zip: 'char' } });
  assert.equal(profile, [{ name: 'zip', type: 'char', nullable: false, distinct: 2, rows: 2 }]);
});

test.run();
