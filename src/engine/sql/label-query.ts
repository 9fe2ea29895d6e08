// The §5 `query` on a pushed values page (API.md §4, §14): which values' labels match, and their rank, as SQL over the label.
import type { ValuesQuery } from '../../contract/engine.ts';
import { toSqlFold } from './fold.ts';
import { toSqlString } from './literal.ts';

// What JavaScript's \s matches (normalizeText collapses runs of it to one space), for RE2.
const SPACE =
  '[\\t\\n\\x0b\\f\\r \\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff}]+';
const WORD = /^[\p{L}\p{N}]$/u;
const NOT_WORD = '[^\\pL\\pN]';

/**
 * The label's normalised text (src/search/text.ts normalizeText: folded, white space collapsed to
 * one space, trimmed), folded as far as matching the query's texts needs (src/engine/sql/fold.ts:
 * exact for substrings of, and equality with, those texts).
 */
function toSqlNormalized(label: string, q: ValuesQuery): string {
  const needle = [...q.terms.map((t) => t.text), q.positive].join(' ');
  const folded = toSqlFold(label, needle);
  return `replaceRegexpAll(replaceRegexpAll(${folded}, ${toSqlString(SPACE)}, ' '), '^ | $', '')`;
}

/** A phrase as RE2 over normalised text: its characters literally, a word boundary at a word-character end. */
function toPhrasePattern(text: string): string {
  const chars = [...text];
  const body = chars.map((ch) => (/^[a-z0-9]$/.test(ch) ? ch : `\\x{${ch.codePointAt(0)!.toString(16)}}`)).join('');
  const before = WORD.test(chars[0]!) ? `(?:^|${NOT_WORD})` : '';
  const after = WORD.test(chars[chars.length - 1]!) ? `(?:$|${NOT_WORD})` : '';
  return `${before}${body}${after}`;
}

/**
 * For a non-null `label` expression: `normalized`, its normalised text, to select as `alias` (one
 * expression, read by the two others); `match` over that alias, true when the label satisfies the
 * query as matchesPieces does over that one piece (every positive term found, no negated one); and
 * `rank`, labelRank's 0 (the label is the positive text), 1 (starts with it) or 2.
 */
export function toSqlLabelQuery(
  label: string,
  q: ValuesQuery,
  alias: string,
): { normalized: string; match: string; rank: string } {
  const normalized = toSqlNormalized(label, q);
  const conditions = q.terms.map((t) => {
    const found = t.phrase
      ? `match(${alias}, ${toSqlString(toPhrasePattern(t.text))})`
      : `position(${alias}, ${toSqlString(t.text)}) > 0`;
    return t.negated ? `NOT (${found})` : found;
  });
  const match = conditions.length ? conditions.map((c) => `(${c})`).join(' AND ') : '1';
  if (q.positive === '') return { normalized, match, rank: '2' };
  const p = toSqlString(q.positive);
  const bytes = Buffer.byteLength(q.positive, 'utf8');
  return { normalized, match, rank: `multiIf(${alias} = ${p}, 0, substring(${alias}, 1, ${bytes}) = ${p}, 1, 2)` };
}
