// The `query` grammar of API.md §5: parsing a query string, and matching it against normalised text pieces.
import { QueryError } from '../contract/errors.ts';
import { isWordAt, normalizeText } from './text.ts';

export { normalizeText } from './text.ts';

/** One term of a query: `text` is normalised; a plain term has one word, a phrase one or more. */
export type QueryTerm = { text: string; words: string[]; negated: boolean; phrase: boolean };

/** A parsed query; `positive` joins the texts of the non-negated terms with single spaces. */
export type ParsedQuery = { terms: QueryTerm[]; positive: string };

const MAX_QUERY_CHARS = 512;
const MAX_QUERY_TERMS = 32;

/**
 * Parses a `query` parameter; null means no filter (absent, empty, whitespace-only, or only empty phrases).
 *
 * Grammar (API.md §5, with the decisions the spec leaves open):
 * - Terms are split on whitespace outside double quotes. `-term` is negated.
 * - A double quote opens a phrase wherever it stands and the next double quote closes it; text glued
 *   to either side of a phrase is a separate term (`ab"c d"e` = `ab`, `"c d"`, `e`). A `-` right
 *   before the opening quote negates the phrase (`-"c d"`).
 * - A lone `-` is literal text (it matches a hyphen); `--x` is the negated term `-x`.
 * - A phrase that normalises to nothing (`""`) is dropped.
 * - Over 512 characters (code points), over 32 terms, or an opening quote without its closing quote
 *   → 400 INVALID_PARAMETER for `query`.
 */
export function parseQuery(raw: string | undefined): ParsedQuery | null {
  if (raw === undefined) return null;
  const chars = [...raw].length;
  if (chars > MAX_QUERY_CHARS) {
    throw new QueryError(`"query" is ${chars} characters long; the limit is ${MAX_QUERY_CHARS}. Shorten the query.`);
  }
  const terms: QueryTerm[] = [];
  let plain = '';
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!;
    if (ch === '"') {
      const close = raw.indexOf('"', i + 1);
      if (close < 0) throw unbalancedQuote(raw, i);
      const negated = plain === '-';
      if (!negated) addPlain(terms, plain);
      plain = '';
      addTerm(terms, raw.slice(i + 1, close), negated, true);
      i = close;
    } else if (/\s/.test(ch)) {
      addPlain(terms, plain);
      plain = '';
    } else {
      plain += ch;
    }
  }
  addPlain(terms, plain);
  if (terms.length > MAX_QUERY_TERMS) {
    throw new QueryError(
      `"query" has ${terms.length} terms; the limit is ${MAX_QUERY_TERMS}. ` +
        'Remove some terms, or quote words that belong together as one "phrase".',
    );
  }
  if (terms.length === 0) return null;
  const positive = terms
    .filter((t) => !t.negated)
    .map((t) => t.text)
    .join(' ');
  return { terms, positive };
}

function addPlain(terms: QueryTerm[], token: string): void {
  if (token === '') return;
  const negated = token.length > 1 && token[0] === '-';
  addTerm(terms, negated ? token.slice(1) : token, negated, false);
}

function addTerm(terms: QueryTerm[], raw: string, negated: boolean, phrase: boolean): void {
  const text = normalizeText(raw);
  if (text === '') return;
  terms.push({ text, words: phrase ? text.split(' ') : [text], negated, phrase });
}

function unbalancedQuote(raw: string, at: number): Error {
  const position = [...raw.slice(0, at)].length + 1;
  return new QueryError(
    `Unbalanced double quote at character ${position} of "query": a phrase needs ` +
      'an opening and a closing quote, e.g. "blood pressure". Add the closing quote or remove this one.',
  );
}

/**
 * Whether one term matches one normalised piece of text. A plain term matches as a substring. A phrase
 * matches when its normalised text occurs in the piece without cutting a word in two: if the phrase
 * starts with a letter or digit, the character before the occurrence is not one; if it ends with a
 * letter or digit, the character after it is not one. So `"blood pressure"` matches
 * "high blood pressure, systolic" but not "blood pressures" nor "lifeblood pressure", and the
 * one-word phrase `"age"` matches "age at visit" but not "page".
 */
export function matchesTerm(term: QueryTerm, piece: string): boolean {
  return term.phrase ? containsPhrase(piece, term.text) : piece.includes(term.text);
}

/** Whether `text` occurs in `piece` with word boundaries at both ends (see matchesTerm). */
export function containsPhrase(piece: string, text: string): boolean {
  const startsWord = isWordAt(text, 0);
  const endsWord = isWordAt(text, text.length - 1);
  for (let at = piece.indexOf(text); at >= 0; at = piece.indexOf(text, at + 1)) {
    const end = at + text.length;
    if (startsWord && at > 0 && isWordAt(piece, at - 1)) continue;
    if (endsWord && end < piece.length && isWordAt(piece, end)) continue;
    return true;
  }
  return false;
}

/** Whether normalised pieces satisfy the query: every positive term matches some piece, no negated one matches any. */
export function matchesPieces(q: ParsedQuery, pieces: readonly string[]): boolean {
  for (const term of q.terms) {
    const found = pieces.some((piece) => matchesTerm(term, piece));
    if (found === term.negated) return false;
  }
  return true;
}

/** Ranks a normalised value label for /values/ ordering: 0 exact, 1 prefix, 2 other (2 when no positive term). */
export function labelRank(q: ParsedQuery, normalizedLabel: string): 0 | 1 | 2 {
  if (q.positive === '') return 2;
  if (normalizedLabel === q.positive) return 0;
  return normalizedLabel.startsWith(q.positive) ? 1 : 2;
}
