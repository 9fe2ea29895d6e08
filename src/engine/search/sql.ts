// The SQL of a pushed value search (API.md §14 Search): every query term an escaped literal, identifiers from the catalog.
import type { EngineTable } from '../../contract/engine.ts';
import type { InternalType } from '../../contract/model.ts';
import type { ValueTerm } from '../../contract/tasks.ts';
import { toEngineLabelTable } from '../sql/labels.ts';
import { toSqlLabel, toValueKind } from '../sql/values.ts';

/** A ClickHouse identifier in backquotes (names come from the catalog only; still escaped). */
export function quoteName(name: string): string {
  return `\`${name.replace(/[\\`]/g, (c) => `\\${c}`)}\``;
}

/**
 * A ClickHouse string literal: backslash and quote escaped, every control character as \xHH, every
 * other character as itself (the request body is UTF-8), so no text ends the literal early.
 */
export function quoteString(text: string): string {
  let out = "'";
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (ch === '\\' || ch === "'") out += `\\${ch}`;
    else if (c < 0x20 || c === 0x7f) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return `${out}'`;
}

// What JavaScript's \s matches (src/search/text.ts collapses runs of it to one space), and what isWordAt
// calls a word character, written for RE2 (ClickHouse's `match`).
const SPACE =
  '[\\t\\n\\x0b\\f\\r \\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff}]+';
const NOT_WORD = '[^\\pL\\pN]';
const WORD = /^[\p{L}\p{N}]$/u;

/**
 * One character as an RE2 literal: an ASCII letter as a class of both cases, a digit as itself, ASCII
 * punctuation backslashed, the rest by code point. Why the classes: ClickHouse 18.16 takes a literal
 * run of a pattern as a required substring and looks for it case-sensitively before running RE2, so
 * `(?i)drop` does not match "DROP" (a `(?i:…)` group escapes that; the classes do not depend on it).
 */
function toRegexChar(ch: string): string {
  const c = ch.codePointAt(0)!;
  if (/^[A-Za-z]$/.test(ch)) return `[${ch.toLowerCase()}${ch.toUpperCase()}]`;
  if (/^[0-9]$/.test(ch)) return ch;
  if (c >= 0x20 && c < 0x7f) return `\\${ch}`;
  return `\\x{${c.toString(16)}}`;
}

/**
 * An RE2 pattern that finds a phrase in a raw value as containsPhrase (src/search/query.ts) finds it
 * in the value's normalised form: case-insensitive (`(?i:…)`, see toRegexChar), each space of the phrase standing for any run of
 * white space, and a non-word character (or an end) before and after it when it starts or ends with
 * a word character.
 */
export function toPhrasePattern(text: string): string {
  const chars = [...text];
  const words = text.split(' ').map((w) => [...w].map(toRegexChar).join(''));
  const before = WORD.test(chars[0]!) ? `(?:^|${NOT_WORD})` : '';
  const after = WORD.test(chars[chars.length - 1]!) ? `(?:$|${NOT_WORD})` : '';
  return `(?i:${before}${words.join(SPACE)}${after})`;
}

/** A condition true for a value (of `column`) that matches the term. */
function toCondition(column: string, term: ValueTerm): string {
  return term.phrase
    ? `match(${column}, ${quoteString(toPhrasePattern(term.text))})`
    : `positionCaseInsensitiveUTF8(${column}, ${quoteString(term.text)}) > 0`;
}

/** Only values made of ASCII characters: a non-ASCII character takes more than one byte in UTF-8. */
function asciiOnly(column: string): string {
  return `length(${column}) = lengthUTF8(${column})`;
}

function from(table: EngineTable): string {
  return `${quoteName(table.database)}.${quoteName(table.table)}`;
}

/**
 * Where a search reads a column's values: `from` (a table, or J(T) of a model tree), the rows `where`
 * keeps (a SQL condition), the value `column` (a SQL expression), `finish` the statement's settings.
 */
export type SearchSource = { from: string; where: string; column: string; finish?: (sql: string) => string };

/** A table's column as a search source. */
export function toTableSource(table: EngineTable, column: string): SearchSource {
  return { from: from(table), where: '1', column: quoteName(column) };
}

/**
 * The source's values as the labels the index would hold (src/common/values.ts toLabel): a text's
 * values themselves, any other type's non-null values as JavaScript writes them (toSqlLabel).
 */
export function toLabelSource(src: SearchSource, type: InternalType): SearchSource {
  const kind = toValueKind(type);
  const c = src.column;
  // toString: a FixedString's bytes as a String, which position and match take (18.16 refuses a FixedString).
  if (kind === 'dict') return { ...src, column: `toString(${c})` };
  const where = `${src.where === '1' ? '' : `(${src.where}) AND `}isNotNull(${c})`;
  return { ...src, where, column: toSqlLabel(`assumeNotNull(${c})`, kind) };
}

/** The labels a label column gives a table column's values (src/engine/sql/labels.ts): one row per value. */
export function toLabelTableSource(table: EngineTable, column: string, labelColumn: string): SearchSource {
  return { from: `(${toEngineLabelTable(table, column, labelColumn)})`, where: '1', column: 'sorrel_label' };
}

/**
 * The labels a label column of `table` gives the values a tree field's source holds (J(T): a value
 * only on rows no entity reaches has none), one row per value: those values `INNER JOIN`ed to the
 * label table on the server Sorrel asks.
 */
export function toJoinedLabelSource(
  src: SearchSource,
  table: EngineTable,
  column: string,
  labelColumn: string,
): SearchSource {
  const c = src.column;
  const values = `SELECT DISTINCT assumeNotNull(${c}) AS sorrel_k FROM ${src.from} WHERE (${src.where}) AND isNotNull(${c})`;
  const labels = toEngineLabelTable(table, column, labelColumn);
  return {
    from: `(SELECT sorrel_label FROM (${values}) ANY INNER JOIN (${labels}) USING sorrel_k)`,
    where: '1',
    column: 'sorrel_label',
    ...(src.finish ? { finish: src.finish } : {}),
  };
}

/** One row: `t<i>` is 1 when some value of `column` (only ASCII ones if `ascii`) matches term i. */
export function toMatchSql(table: EngineTable, column: string, terms: readonly ValueTerm[], ascii: boolean): string {
  return toSourceMatchSql(toTableSource(table, column), terms, ascii);
}

/** toMatchSql over any source. */
export function toSourceMatchSql(src: SearchSource, terms: readonly ValueTerm[], ascii: boolean): string {
  const c = src.column;
  const hits = terms.map((t, i) => `max(${toCondition(c, t)}) AS t${i}`).join(', ');
  const where = [...(src.where === '1' ? [] : [`(${src.where})`]), ...(ascii ? [asciiOnly(c)] : [])];
  const sql = `SELECT ${hits} FROM ${src.from}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
  return src.finish ? src.finish(sql) : sql;
}

/** Up to `limit` distinct values of the source's column holding a non-ASCII character, ascending (bytes = code points). */
export function toAccentedSql(src: SearchSource, limit: number): string {
  const c = src.column;
  const where = src.where === '1' ? '' : `(${src.where}) AND `;
  const sql = `SELECT DISTINCT ${c} AS v FROM ${src.from} WHERE ${where}NOT (${asciiOnly(c)}) ORDER BY v LIMIT ${limit}`;
  return src.finish ? src.finish(sql) : sql;
}
