// OpenAPI schemas of computed answers: values, distributions, stats, and the context they accept.
import { OPERATOR_CODES } from './resources.ts';
import { shownCount, suppressed } from './disclosure.ts';
import type { Schema } from './schema.ts';

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const count = (description: string): Schema => ({ type: 'integer', minimum: 0, description });
const linkRef = ref('Link');
const TYPED: Schema = { type: ['string', 'number', 'boolean', 'null'] };
// Quantiles are top-level scalars, not one object: the original client prints each top-level key on a line (API.md §8).
const quantile = (what: string): Schema => ({
  type: ['number', 'null'],
  description: `The ${what}, interpolated linearly between the closest ranks (DuckDB's \`quantile_cont\`).`,
});

export const DATA_SCHEMAS: Record<string, Schema> = {
  Value: {
    type: ['number', 'string', 'boolean'],
    description:
      'A data value in its JSON form: numbers as numbers (a biginteger beyond 2^53 as a string), booleans as booleans, dates `YYYY-MM-DD`, datetimes `YYYY-MM-DDTHH:MM:SS.mmm`, times `HH:MM:SS.mmm`.',
  },
  ValueCount: {
    type: 'object',
    required: ['value', 'label', 'count'],
    properties: {
      value: ref('Value'),
      label: {
        type: 'string',
        description: "The string form of the value, or its label from the catalog's `label_column`.",
      },
      count: shownCount('Records carrying the value.'),
      suppressed: suppressed('`count`'),
    },
    additionalProperties: false,
  },
  ValuesPage: {
    type: 'object',
    description:
      'One page of distinct values, ascending by value (with `query`: exact label matches first, then prefixes, then the rest).',
    required: ['values', 'count', 'null_count', 'limit', 'page_num', 'num_pages', '_links'],
    properties: {
      values: { type: 'array', items: ref('ValueCount') },
      count: count('Distinct values that match (nulls are not values).'),
      null_count: shownCount(
        'Records whose value is null. When a value on any page is suppressed, rounded down to a multiple of k.',
      ),
      limit: count('The page size asked for (0 = all on one page).'),
      page_num: { type: 'integer', minimum: 1 },
      num_pages: { type: 'integer', minimum: 1, description: 'At least 1, even when nothing matches.' },
      _links: {
        type: 'object',
        required: ['self', 'base'],
        properties: { self: linkRef, base: linkRef, prev: linkRef, next: linkRef },
        additionalProperties: false,
      },
      suppressed: suppressed('`null_count`'),
    },
    additionalProperties: false,
  },
  ValueSample: {
    type: 'array',
    description: 'With `random=N`: up to N distinct values drawn uniformly without replacement, in value order.',
    items: ref('ValueCount'),
  },
  DistPoint: {
    type: 'object',
    description: 'One group (or, when clustered, one k-means centroid in original units with its weighted count).',
    required: ['count', 'values', 'labels'],
    properties: {
      count: shownCount('Records in the group; for a centroid ⌊Σ (1 − dⱼ/S)·cⱼ⌋ over its members.'),
      suppressed: suppressed('`count`'),
      values: {
        type: 'array',
        items: { oneOf: [ref('Value'), { type: 'null' }] },
        description: 'One value per dimension; null only with `nulls=true`.',
      },
      labels: {
        type: 'array',
        items: { type: 'string' },
        description: 'One label per dimension (`"null"` for a null).',
      },
    },
    additionalProperties: false,
  },
  Dist: {
    type: 'object',
    required: ['size', 'clustered', 'data', 'outliers'],
    properties: {
      size: count('Groups before clustering, outliers included.'),
      clustered: { type: 'boolean', description: 'True when `data` holds k-means centroids.' },
      cells: count(
        'Non-empty grid cells: present when more groups than `SORREL_MAX_CLUSTER_POINTS` remained after outliers and were gathered on a grid before k-means.',
      ),
      axes: {
        type: 'array',
        items: ref('DistAxis'),
        description: 'With `bins` or `interval`: how each dimension, in order, was grouped.',
      },
      data: { type: 'array', items: ref('DistPoint') },
      outliers: {
        type: 'array',
        items: ref('DistPoint'),
        description:
          'Groups at ≥ 3× the mean distance from the mean point (number dimensions only), with their own counts.',
      },
    },
    additionalProperties: false,
  },
  DistAxis: {
    type: 'object',
    required: ['field'],
    description:
      'One dimension: `bins` for a binned number axis, `interval` for a truncated date, datetime or time axis, neither for exact values.',
    properties: {
      field: { type: 'integer', minimum: 1 },
      bins: {
        type: 'object',
        required: ['width', 'start', 'count'],
        description:
          "Equal-width bins from the field's context-naive min and max: bin i spans [start + i·width, start + (i + 1)·width), the last one closed. A group's value is its bin's lower edge, its label `[lo, hi)`.",
        properties: { width: { type: 'number', minimum: 0 }, start: { type: 'number' }, count: count('Bins.') },
        additionalProperties: false,
      },
      interval: {
        enum: ['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute'],
        description:
          "The unit (UTC, ISO weeks); a group's value is its period's start, its label the period (`2024-Q2`).",
      },
    },
    additionalProperties: false,
  },
  TemporalStats: {
    type: 'object',
    description: 'Stats of a date, time or datetime field.',
    required: ['count', 'null_count', 'distinct', 'min', 'max'],
    properties: {
      count: shownCount('Non-null records.'),
      null_count: shownCount('Null records.'),
      suppressed: suppressed('`null_count`'),
      distinct: count('Distinct non-null values.'),
      min: { type: ['string', 'null'] },
      max: { type: ['string', 'null'] },
    },
    additionalProperties: false,
  },
  TypedValue: {
    type: 'object',
    description: 'A value a user typed: `value` (its JSON form) or `label`; other keys are echoed back.',
    anyOf: [
      { type: 'object', required: ['value'], properties: { value: TYPED, label: { type: 'string' } } },
      { type: 'object', required: ['label'], properties: { value: TYPED, label: { type: 'string' } } },
    ],
  },
  CheckedValue: {
    type: 'object',
    description: 'A typed value with `valid` and its counterpart (`label` for a value, `value` for a label) added.',
    required: ['value', 'label', 'valid'],
    properties: {
      value: { type: ['string', 'number', 'boolean', 'null'] },
      label: { type: ['string', 'null'] },
      valid: { type: 'boolean' },
    },
  },
  NumberStats: {
    type: 'object',
    description: 'Stats of a number field; everything over non-null values, null when there are none.',
    required: [
      'count',
      'null_count',
      'distinct',
      'min',
      'max',
      'mean',
      'stddev',
      'sum',
      'p05',
      'p25',
      'p50',
      'p75',
      'p95',
    ],
    properties: {
      count: shownCount('Non-null records.'),
      null_count: shownCount('Null records.'),
      suppressed: suppressed('`null_count`'),
      distinct: count('Distinct non-null values.'),
      min: { type: ['number', 'string', 'null'] },
      max: { type: ['number', 'string', 'null'] },
      mean: { type: ['number', 'null'] },
      stddev: { type: ['number', 'null'], description: 'Sample standard deviation (n − 1); null below 2 values.' },
      sum: {
        type: ['number', 'string', 'null'],
        description:
          'Exact for whole numbers: a JSON number up to 2^53, beyond it a decimal string (also beyond 2^63). Float and decimal fields: a number.',
      },
      p05: quantile('5th percentile'),
      p25: quantile('25th percentile (lower quartile)'),
      p50: quantile('50th percentile (median)'),
      p75: quantile('75th percentile (upper quartile)'),
      p95: quantile('95th percentile'),
    },
    additionalProperties: false,
  },
  ContextNode: {
    description:
      'A context: a condition, a branch of nodes, or `{}` (no filter). Nodes with `"enabled": false` are skipped; a `concept` key is ignored.',
    oneOf: [ref('ContextCondition'), ref('ContextBranch'), { type: 'object', maxProperties: 0 }],
  },
  ContextCondition: {
    type: 'object',
    required: ['field', 'operator', 'value'],
    properties: {
      field: { type: 'integer', description: 'A visible field of the same table as the requested field.' },
      operator: { enum: OPERATOR_CODES, description: "One of the field's `operators`." },
      value: {
        description:
          '`in`/`-in` an array, `range`/`-range` a two-element array (inclusive), `isnull`/`-isnull` a boolean, the rest one value in its JSON form; `exact` with null means is-null.',
      },
      enabled: { type: 'boolean', default: true },
      concept: { description: 'Ignored.' },
    },
    additionalProperties: false,
  },
  ContextBranch: {
    type: 'object',
    required: ['type', 'children'],
    properties: {
      type: { enum: ['and', 'or'] },
      children: { type: 'array', items: ref('ContextNode') },
      enabled: { type: 'boolean', default: true },
      concept: { description: 'Ignored.' },
    },
    additionalProperties: false,
  },
};
