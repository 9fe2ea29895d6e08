// The query grammar (API.md §5): parsing, limits, normalisation, piece matching and label ranks.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { QueryError } from '../../src/contract/errors.ts';
import { toHttpError } from '../../src/http/errors.ts';
import { labelRank, matchesPieces, normalizeText, parseQuery, type ParsedQuery } from '../../src/search/query.ts';

function q(raw: string): ParsedQuery {
  const parsed = parseQuery(raw);
  if (!parsed) throw new Error(`expected a query for ${JSON.stringify(raw)}`);
  return parsed;
}

function rejects(raw: string, pattern: RegExp): void {
  try {
    parseQuery(raw);
  } catch (thrown) {
    assert.ok(thrown instanceof QueryError, 'a QueryError');
    const err = toHttpError(thrown); // the HTTP layer's mapping
    assert.is(err.status, 400);
    assert.is(err.code, 'INVALID_PARAMETER');
    assert.is(err.parameter, 'query');
    assert.match(err.message, pattern);
    return;
  }
  assert.unreachable(`no error for ${JSON.stringify(raw).slice(0, 40)}`);
}

const matches = (raw: string, pieces: string[]) => matchesPieces(q(raw), pieces.map(normalizeText));

test('normalizeText lower-cases, strips accents and collapses whitespace', () => {
  assert.is(normalizeText('  Café   CRÈME\tBrûlée\n'), 'cafe creme brulee');
  assert.is(normalizeText('Zürich São Paulo'), 'zurich sao paulo');
  assert.is(normalizeText('İstanbul'), 'istanbul');
  assert.is(normalizeText('Blood  Pressure'), 'blood pressure');
  assert.is(normalizeText('A\u00a0B'), 'a b');
  assert.is(normalizeText('1998'), '1998');
  assert.is(normalizeText(' \t '), '');
});

test('absent, empty and whitespace-only queries mean no filter', () => {
  assert.is(parseQuery(undefined), null);
  assert.is(parseQuery(''), null);
  assert.is(parseQuery('  \t\n '), null);
  assert.is(parseQuery('""'), null);
  assert.is(parseQuery('"  " -""'), null);
});

test('splits terms, negations, phrases and negated phrases', () => {
  assert.equal(q(' blood  -Pressure "Heart   Rate" -"side effect" '), {
    terms: [
      { text: 'blood', words: ['blood'], negated: false, phrase: false },
      { text: 'pressure', words: ['pressure'], negated: true, phrase: false },
      { text: 'heart rate', words: ['heart', 'rate'], negated: false, phrase: true },
      { text: 'side effect', words: ['side', 'effect'], negated: true, phrase: true },
    ],
    positive: 'blood heart rate',
  });
});

test('terms are normalised (case and accents)', () => {
  assert.equal(q('Café').terms, [{ text: 'cafe', words: ['cafe'], negated: false, phrase: false }]);
  assert.is(q('"Crème  BRÛLÉE"').positive, 'creme brulee');
});

test('a lone "-" is literal text and "--x" negates "-x"', () => {
  assert.equal(q('-').terms, [{ text: '-', words: ['-'], negated: false, phrase: false }]);
  assert.equal(q('--x').terms, [{ text: '-x', words: ['-x'], negated: true, phrase: false }]);
  assert.ok(matches('-', ['age-adjusted']));
  assert.not.ok(matches('-', ['age adjusted']));
});

test('a quote opens a phrase wherever it stands; glued text is a separate term', () => {
  assert.equal(
    q('ab"c d"e').terms.map((t) => [t.text, t.phrase, t.negated]),
    [
      ['ab', false, false],
      ['c d', true, false],
      ['e', false, false],
    ],
  );
  assert.equal(
    q('x-"c d"').terms.map((t) => [t.text, t.phrase, t.negated]),
    [
      ['x-', false, false],
      ['c d', true, false],
    ],
  );
});

test('negation-only queries are allowed and have an empty positive text', () => {
  const parsed = q('-blood -"heart rate"');
  assert.is(parsed.positive, '');
  assert.ok(matchesPieces(parsed, ['age']));
  assert.not.ok(matchesPieces(parsed, ['age', 'resting heart rate']));
});

test('rejects queries over 512 characters with 400 INVALID_PARAMETER', () => {
  assert.ok(parseQuery('a'.repeat(512)));
  assert.ok(parseQuery('é'.repeat(512)), '512 code points, not bytes');
  rejects('a'.repeat(513), /513 characters.*limit is 512/);
  rejects(' '.repeat(600), /600 characters/);
});

test('rejects more than 32 terms with 400 INVALID_PARAMETER', () => {
  assert.is(q(Array.from({ length: 32 }, (_, i) => `t${i}`).join(' ')).terms.length, 32);
  rejects(Array.from({ length: 33 }, (_, i) => `t${i}`).join(' '), /33 terms; the limit is 32/);
  rejects(Array.from({ length: 17 }, (_, i) => `-t${i} "p ${i}"`).join(' '), /34 terms/);
});

test('rejects an unbalanced double quote, saying where it is and how to fix it', () => {
  rejects('"blood pressure', /Unbalanced double quote at character 1 of "query".*closing quote/);
  rejects('x "ab', /character 3/);
  rejects('"a" "b" "c', /character 9/);
  rejects('é "x', /character 3/);
});

test('a term matches as a substring, case- and accent-insensitively', () => {
  assert.ok(matches('ngu', ['Penguin']));
  assert.ok(matches('Café', ['CAFE de Flore']));
  assert.ok(matches('cafe', ['Café de Flore']));
  assert.ok(matches('ZURICH', ['Zürich']));
  assert.ok(matches('1998', ['1998']));
  assert.ok(matches('99', ['1998']));
  assert.not.ok(matches('1999', ['1998']));
});

test('every positive term must match, but different terms may match different pieces', () => {
  assert.ok(matches('blood seated', ['Blood pressure', 'Systolic, seated']));
  assert.not.ok(matches('blood lying', ['Blood pressure', 'Systolic, seated']));
});

test('a phrase matches its words consecutively inside one piece', () => {
  assert.ok(matches('"blood pressure"', ['Systolic blood pressure, seated']));
  assert.ok(matches('"Blood Préssure"', ['high blood pressure']));
  assert.not.ok(matches('"pressure blood"', ['blood pressure']), 'order matters');
  assert.not.ok(matches('"blood pressure"', ['blood and pressure']), 'words must be consecutive');
});

test('a phrase never spans two pieces', () => {
  assert.not.ok(matches('"fasting blood pressure"', ['Fasting blood', 'Pressure measured while fasting']));
  assert.not.ok(matches('"blood pressure"', ['Fasting blood', 'pressure measured']));
  assert.ok(matches('blood pressure', ['Fasting blood', 'pressure measured']), 'plain terms may');
});

test('a phrase does not cut a word in two at either end', () => {
  assert.not.ok(matches('"blood pressure"', ['lifeblood pressure']));
  assert.not.ok(matches('"blood pressure"', ['blood pressures']));
  assert.ok(matches('"blood pressure"', ['(blood pressure)']));
  assert.ok(matches('"blood pressure"', ['x blood pressure-y']));
  assert.not.ok(matches('"blood pressure"', ['blood-pressure chart']), 'a hyphen is not a space');
  assert.ok(matches('"age"', ['Age at visit']));
  assert.not.ok(matches('"age"', ['Page count']));
  assert.ok(matches('age', ['Page count']), 'a plain term is a substring');
  assert.ok(matches('"age" page', ['page', 'teen age']));
  assert.ok(matches('"(mg)"', ['dose (mg)']), 'a phrase edge that is not a letter needs no boundary');
  assert.ok(matches('"pressure"', ['pressure pressures']), 'later occurrences are tried');
});

test('negated terms and negated phrases exclude', () => {
  assert.not.ok(matches('blood -fasting', ['Fasting blood']));
  assert.ok(matches('blood -fasting', ['Blood pressure']));
  assert.not.ok(matches('pressure -"blood pressure"', ['Blood pressure']));
  assert.ok(matches('pressure -"blood pressure"', ['Fasting blood', 'Pressure measured']));
  assert.ok(matches('-"blood pressure"', ['lifeblood pressure']));
});

test('combines plain, negated and quoted terms', () => {
  const pieces = ['Blood pressure', 'Systolic blood pressure, seated', 'mmHg'];
  assert.ok(matches('mmhg "blood pressure" -diastolic -"lying down"', pieces));
  assert.not.ok(matches('mmhg "blood pressure" -seated', pieces));
  assert.not.ok(matches('mmhg "pressure seated"', pieces));
});

test('labelRank: exact, then prefix, then the rest', () => {
  assert.is(labelRank(q('New York'), 'new york'), 0);
  assert.is(labelRank(q('new'), 'new york'), 1);
  assert.is(labelRank(q('york'), 'new york'), 2);
  assert.is(labelRank(q('new -jersey'), 'new'), 0);
  assert.is(labelRank(q('"new york"'), 'new york city'), 1);
  assert.is(labelRank(q('-jersey'), 'new york'), 2);
});

test.run();
