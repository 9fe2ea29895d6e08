// Catalog rules from API.md §3: simple types, operators, plural defaults, which types have stats.
import pluralize from 'pluralize';
import type { InternalType, SimpleType } from '../contract/model.ts';

const SIMPLE: Record<InternalType, SimpleType> = {
  integer: 'number',
  biginteger: 'number',
  float: 'number',
  decimal: 'number',
  char: 'string',
  text: 'string',
  key: 'key',
  boolean: 'boolean',
  date: 'date',
  datetime: 'datetime',
  time: 'time',
};

export const OPERATOR_LABELS: Record<string, string> = {
  exact: 'is',
  '-exact': 'is not',
  iexact: 'is',
  '-iexact': 'is not',
  in: 'includes',
  '-in': 'excludes',
  icontains: 'contains',
  '-icontains': 'does not contain',
  lt: 'is less than',
  lte: 'is less than or equal to',
  gt: 'is greater than',
  gte: 'is greater than or equal to',
  range: 'is between',
  '-range': 'is not between',
  isnull: 'is null',
  '-isnull': 'is not null',
};

const OPERATORS: Record<SimpleType, string[]> = {
  string: ['exact', '-exact', 'iexact', '-iexact', 'in', '-in', 'icontains', '-icontains'],
  number: ['exact', '-exact', 'in', '-in', 'lt', 'lte', 'gt', 'gte', 'range', '-range'],
  date: ['exact', '-exact', 'in', '-in', 'lt', 'lte', 'gt', 'gte', 'range', '-range'],
  datetime: ['exact', '-exact', 'in', '-in', 'lt', 'lte', 'gt', 'gte', 'range', '-range'],
  time: ['exact', '-exact', 'in', '-in', 'lt', 'lte', 'gt', 'gte', 'range', '-range'],
  boolean: ['exact', '-exact', 'in', '-in'],
  key: ['exact', '-exact', 'in', '-in'],
};

/** The simple_type of an internal_type. */
export function toSimpleType(t: InternalType): SimpleType {
  return SIMPLE[t];
}

/** The `[code, label]` operator list of a field, default first. */
export function operatorsFor(simple: SimpleType, nullable: boolean): [string, string][] {
  const codes = nullable ? [...OPERATORS[simple], 'isnull', '-isnull'] : OPERATORS[simple];
  return codes.map((c) => [c, OPERATOR_LABELS[c]]);
}

// A phrase's head noun comes before its first preposition: "Time of day" → "Times of day".
const PHRASE = /^(.+?)(\s+(?:of|per|in|at|for|by|from|with|on|to)\s.*)$/i;

/** The default plural of a name or unit (pluralize's English rules, on the head noun of a phrase). */
export function toPlural(name: string): string {
  const m = PHRASE.exec(name);
  return m ? `${pluralize(m[1])}${m[2]}` : pluralize(name);
}

/** True for types that have /stats/ (number, date, time, datetime). */
export function isStatsType(simple: SimpleType): boolean {
  return simple === 'number' || simple === 'date' || simple === 'time' || simple === 'datetime';
}
