// Type overrides: conversions, the time-zone-free Date.parse fallback and override errors.
import { execFileSync } from 'node:child_process';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadTable } from '../../../loaders/index.ts';
import { errorOf, fixture, storageOf, tempFile, vega } from '../helpers.ts';

const DAY = 86_400_000;
const load = (name: string, text: string, columns: Record<string, string>) =>
  loadTable(tempFile(name, text), { columns: columns as never });

test('a date override parses loose dates as UTC days: movies.json "Jun 12 1998" is 1998-06-12', async () => {
  const loaded = await loadTable(vega('movies.json'), { columns: { 'Release Date': 'date' } });
  assert.is(loaded.types['Release Date'], 'date');
  const s = storageOf(loaded)['Release Date'];
  assert.is(s.type, 'Date32<DAY>');
  assert.is(s.values[0], Date.UTC(1998, 5, 12) / DAY);
  assert.is(s.values[1], Date.UTC(1998, 7, 7) / DAY); // "Aug 07 1998"
});

test('the Date.parse fallback gives the same instants in every process time zone', async () => {
  const path = tempFile(
    'zones.csv',
    'd,dt\nJun 12 1998,Jun 12 1998 10:30\n6/12/1998,Fri 12 Jun 1998 10:30:00 GMT+0200\n',
  );
  const script = `import { loadTable } from ${JSON.stringify(new URL('../../../loaders/index.ts', import.meta.url).href)};
    const t = await loadTable(${JSON.stringify(path)}, { columns: { d: 'date', dt: 'datetime' } });
    console.log(JSON.stringify([...t.table.getChild('d').data[0].values, ...t.table.getChild('dt').data[0].values]));`;
  const outputs = ['America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Kiritimati'].map((TZ) =>
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, TZ },
    })
      .toString()
      .trim(),
  );
  const expected = JSON.stringify([
    Date.UTC(1998, 5, 12) / DAY,
    Date.UTC(1998, 5, 12) / DAY,
    Date.UTC(1998, 5, 12, 10, 30),
    Date.UTC(1998, 5, 12, 8, 30),
  ]);
  assert.equal(outputs, [expected, expected, expected]);
});

test('a value an override cannot convert is a LoadError naming file, row, column, value and override', async () => {
  const err = await errorOf(() =>
    load('movies.csv', 'Release Date,n\nJun 12 1998,1\nTBD,2\n', { 'Release Date': 'date' }),
  );
  assert.is(
    err.message,
    'movies.csv row 2, column "Release Date": "TBD" is not a date (override date). Fix the value or remove the override.',
  );
  const int = await errorOf(() => load('int.csv', 'a\n1\n1.5\n', { a: 'integer' }));
  assert.is(
    int.message,
    'int.csv row 2, column "a": "1.5" is not an integer (override integer). Fix the value or remove the override.',
  );
  const json = await errorOf(() => load('bool.json', '[{"a":true},{"a":2}]', { a: 'boolean' }));
  assert.is(
    json.message,
    'bool.json row 2, column "a": 2 is not a boolean (true/false/1/0/yes/no) (override boolean). Fix the value or remove the override.',
  );
});

test('a decimal with more than 15 significant digits is a LoadError suggesting char', async () => {
  const err = await errorOf(() => load('money.csv', 'amount\n12.50\n1234567890.1234567\n', { amount: 'decimal' }));
  assert.is(
    err.message,
    'money.csv row 2, column "amount": "1234567890.1234567" has 17 significant digits and cannot be held exactly as a double (override decimal); use internal_type char to keep it verbatim.',
  );
});

test('a decimal override stores the numbers as Float64', async () => {
  const loaded = await load('ok.csv', 'amount\n12.50\n0.000000000000001\n1200000000000000000000\n', {
    amount: 'decimal',
  });
  assert.is(loaded.types.amount, 'decimal');
  assert.equal(storageOf(loaded).amount.values, [12.5, 1e-15, 1.2e21]);
});

test('char and text overrides keep the source text of numbers (JSON numbers as String(v))', async () => {
  const csv = await load('zip.csv', 'zip,n\n00501,1.50\n10001,2\n', { zip: 'char', n: 'text' });
  assert.equal(csv.types, { zip: 'char', n: 'text' });
  assert.equal(storageOf(csv).zip.dictionary, ['00501', '10001']);
  assert.equal(storageOf(csv).n.dictionary, ['1.50', '2']);
  const json = await load('zip.json', '[{"n":1.50},{"n":true},{"n":null}]', { n: 'char' });
  assert.equal(storageOf(json).n.dictionary, ['1.5', 'true']);
});

test('numeric overrides: integer text to float, key and biginteger; booleans from words', async () => {
  const loaded = await load('num.csv', 'a,b,c,d\n1,7,12,yes\n2,8,,0\n', {
    a: 'float',
    b: 'key',
    c: 'biginteger',
    d: 'boolean',
  });
  assert.equal(loaded.types, { a: 'float', b: 'key', c: 'biginteger', d: 'boolean' });
  const s = storageOf(loaded);
  assert.equal([s.a.type, s.b.type, s.c.type, s.d.type], ['Float64', 'Float64', 'Int64', 'Bool']);
  assert.equal(s.c.values, ['12', '0']);
  assert.equal(s.c.valid, [true, false]);
  assert.equal(s.d.values, [0b01]);
});

test('datetime and time overrides accept ISO forms; a JSON empty string is null', async () => {
  const loaded = await load('when.json', '[{"at":"2024-01-02","t":"07:30"},{"at":"","t":null}]', {
    at: 'datetime',
    t: 'time',
  });
  const s = storageOf(loaded);
  assert.equal(s.at.values, [Date.UTC(2024, 0, 2), 0]);
  assert.equal(s.at.valid, [true, false]);
  assert.equal(s.t.values, [7.5 * 3600e3, 0]);
});

test('an override naming a missing column is a LoadError listing the columns', async () => {
  const err = await errorOf(() => load('cols.csv', 'a,b\n1,2\n', { c: 'char' }));
  assert.is(err.message, 'cols.csv: a type override names column "c", which is not in the file. Columns: "a", "b".');
  const json = await errorOf(() => load('cols.json', '[{"a":1}]', { c: 'char' }));
  assert.is(json.message, 'cols.json: a type override names column "c", which is not in the file. Columns: "a".');
});

test('an override naming an unknown internal type is a LoadError listing the types', async () => {
  const err = await errorOf(() => load('kind.csv', 'a\n1\n', { a: 'number' }));
  assert.is(
    err.message,
    'kind.csv: the override for column "a" names unknown internal type "number". Use one of integer, biginteger, float, decimal, boolean, char, text, date, datetime, time, key.',
  );
});

test('overrides convert Arrow and Parquet columns from their source types', async () => {
  for (const file of ['sample.arrow', 'sample.parquet']) {
    const loaded = await loadTable(fixture(file), {
      columns: { id: 'char', score: 'decimal', day: 'datetime', at: 'date', t: 'char', flag: 'char' },
    });
    assert.equal(loaded.types, {
      id: 'char',
      score: 'decimal',
      name: 'char',
      flag: 'char',
      day: 'datetime',
      at: 'date',
      t: 'char',
    });
    const s = storageOf(loaded);
    assert.equal(s.id.dictionary, ['1', '2', '3', '4', '5', '6']);
    assert.equal(s.day.values[0], Date.UTC(2024, 0, 15));
    assert.equal(s.at.values[1], Date.UTC(1999, 11, 31) / DAY);
    assert.equal(s.t.dictionary, [
      '00:00:00.000',
      '06:07:08.000',
      '08:00:00.000',
      '12:34:56.789',
      '18:00:00.000',
      '23:59:59.500',
    ]);
    assert.equal(s.flag.dictionary, ['false', 'true']);
    assert.equal(s.score.valid, [true, false, true, true, true, true]);
  }
});

test('an Arrow string column that fails an override names the first bad row', async () => {
  const err = await errorOf(() => loadTable(fixture('sample.arrow'), { columns: { name: 'date' } }));
  assert.is(
    err.message,
    'sample.arrow row 1, column "name": "pear" is not a date (override date). Fix the value or remove the override.',
  );
});

test.run();
