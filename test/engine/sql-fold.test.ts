// Tests: src/engine/sql/fold.ts — the engine folds text exactly as src/common/fold.ts does, for iexact and icontains.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fold } from '../../src/common/fold.ts';
import { toSqlFold } from '../../src/engine/sql/fold.ts';
import { toSqlString } from '../../src/engine/sql/literal.ts';
import { sharedCluster } from '../helpers/clickhouse.ts';
import { toRand } from '../helpers/fuzz.ts';
import { toEngineQuery } from './fixture.ts';

// Letters, their accented and upper-case forms, combining marks, case-ignorable characters (which
// Final_Sigma skips: apostrophe, period, modifier letters, U+0345), Greek sigmas, Hangul, astral.
const POOL = [
  ..."aAeEiIsSzZ .'-:·ʰʼ",
  'é',
  'É',
  '\u0301',
  '\u0345',
  '\u0307',
  'Σ',
  'σ',
  'ς',
  'Ο',
  'ο',
  'Ὀ',
  'ὀ',
  'İ',
  'ß',
  'ẞ',
  'ǅ',
  'Ω',
  'Ω',
  '한',
  '국',
  'ᄒ',
  'ᅡ',
  '𝔘',
  '𐐀',
  '𐐨',
  '\u0000',
  '\n',
  '\\',
];

function draw(seed: number, count: number): string[] {
  const r = toRand(seed);
  return Array.from({ length: count }, () => Array.from({ length: r.int(7) }, () => r.pick(POOL)).join(''));
}

test('fold is the concatenation of each code point’s fold, but for capital sigma (what the SQL form relies on)', () => {
  const r = toRand(1);
  for (let k = 0; k < 50_000; k++) {
    const s = Array.from({ length: 1 + r.int(8) }, () => r.pick(POOL)).join('');
    const per = [...s].map((c) => (c === 'Σ' ? 'Σ' : fold(c))).join('');
    const sigma = (x: string) => x.replace(/[σςΣ]/g, 'S');
    assert.is(sigma(per), sigma(fold(s)), JSON.stringify(s));
  }
});

test('the engine’s icontains and iexact equal fold(s).includes(q) and fold(s) === q, sigmas and marks included', async () => {
  const query = toEngineQuery(await sharedCluster());
  const strings = draw(2, 400);
  const needles = [...new Set([...draw(3, 60), 'σ', 'ς', 'οσ', 'ος', 'σς', 'e', 'i', 'ss', 'ß', '한', 'ᄒ', ''])].map(
    fold,
  );
  for (const q of needles) {
    const list = `[${strings.map(toSqlString).join(', ')}]`;
    const f = toSqlFold('s', q);
    const sql = `SELECT arrayMap(s -> position(${f}, ${toSqlString(q)}) > 0, ${list}) AS c, arrayMap(s -> ${f} = ${toSqlString(q)}, ${list}) AS e`;
    const [row] = await query(sql);
    const contains = strings.map((s) => +fold(s).includes(q));
    const exact = strings.map((s) => +(fold(s) === q));
    assert.equal((row.c as number[]).map(Number), contains, `icontains ${JSON.stringify(q)}`);
    assert.equal((row.e as number[]).map(Number), exact, `iexact ${JSON.stringify(q)}`);
  }
});

test('a needle with many targets (Hangul jamo) folds in one pass over the code points', async () => {
  const query = toEngineQuery(await sharedCluster());
  const q = fold('한국어 ΣΑΣ é');
  const f = toSqlFold('s', q);
  assert.ok(f.includes('arrayStringConcat('), 'the transform form');
  const strings = ['한국어 σας e', '한국어 ΣΑΣ É', '한국어 ΣΑΣ\n é', 'xx한국어 ΣΑΣ É.', '한국어'];
  const [row] = await query(
    `SELECT arrayMap(s -> position(${f}, ${toSqlString(q)}) > 0, [${strings.map(toSqlString)}]) AS c`,
  );
  assert.equal(
    (row.c as number[]).map(Number),
    strings.map((s) => +fold(s).includes(q)),
  );
});

test.run();
