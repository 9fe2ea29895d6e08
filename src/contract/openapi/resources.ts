// OpenAPI schemas of the catalog resources: links, categories, concepts and fields (API.md §3).
import { INTERNAL_TYPES } from '../model.ts';
import type { Schema } from './schema.ts';

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const nullable = (type: string, description: string): Schema => ({ type: [type, 'null'], description });
const TIMESTAMP = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}$';

/** Simple types (API.md §3; docs/api.md lists what each internal type maps to). */
export const SIMPLE_TYPES = ['number', 'string', 'boolean', 'date', 'datetime', 'time', 'key'];

/** Every operator code a field's `operators` list can hold (API.md §3). */
export const OPERATOR_CODES = [
  'exact',
  '-exact',
  'iexact',
  '-iexact',
  'in',
  '-in',
  'icontains',
  '-icontains',
  'lt',
  'lte',
  'gt',
  'gte',
  'range',
  '-range',
  'isnull',
  '-isnull',
];

export const RESOURCE_SCHEMAS: Record<string, Schema> = {
  Link: {
    type: 'object',
    description:
      'A hypermedia link: an absolute URL built from the request (or the configured base URL) and its relation.',
    required: ['href', 'rel'],
    properties: { href: { type: 'string', pattern: '^https?://' }, rel: { type: 'string' } },
    additionalProperties: false,
  },
  Timestamp: {
    type: 'string',
    pattern: TIMESTAMP,
    description: '`YYYY-MM-DDTHH:MM:SS.mmm`, always three fraction digits, UTC implied (no zone designator).',
    examples: ['2026-11-20T09:15:02.120'],
  },
  ParentCategory: {
    type: 'object',
    description: 'The parent of a category, one level deep (its own parent is not given).',
    required: ['id', 'name', 'order'],
    properties: { id: { type: 'integer' }, name: { type: 'string' }, order: { type: 'number' } },
    additionalProperties: false,
  },
  Category: {
    type: 'object',
    required: ['id', 'name', 'order', 'parent'],
    properties: {
      id: { type: 'integer' },
      name: { type: 'string' },
      order: { type: 'number', description: 'Position among its sibling categories.' },
      parent: {
        oneOf: [ref('ParentCategory'), { type: 'null' }],
        description: 'null when the category has no parent.',
      },
    },
    additionalProperties: false,
  },
  FieldRef: {
    type: 'object',
    description: 'A minimal reference from a concept to one of its fields (HAL array-valued link).',
    required: ['href', 'rel', 'id', 'name'],
    properties: {
      href: { type: 'string', pattern: '^https?://' },
      rel: { const: 'field' },
      id: { type: 'integer' },
      name: { type: 'string' },
    },
    additionalProperties: false,
  },
  Concept: {
    type: 'object',
    description: 'A concept: a named group of related fields in a category.',
    required: [
      '_links',
      'id',
      'name',
      'plural_name',
      'description',
      'keywords',
      'category',
      'order',
      'published',
      'archived',
      'sortable',
      'formatter_name',
      'queryview',
      'queryable',
      'viewable',
      'modified',
    ],
    properties: {
      _links: {
        type: 'object',
        required: ['self', 'fields', 'field'],
        properties: {
          self: ref('Link'),
          fields: {
            ...ref('Link'),
            description:
              'One link to `/api/concepts/{id}/fields/` (rel `fields`), as Serrano 2.3 served it and Cilantro reads it.',
          },
          field: {
            type: 'array',
            items: ref('FieldRef'),
            description:
              'The fields of the concept you may see, in concept order, with or without `embed` (HAL array-valued rel).',
          },
        },
        additionalProperties: false,
      },
      id: { type: 'integer' },
      name: { type: 'string' },
      plural_name: {
        type: 'string',
        description: "Defaults to the English plural of the name's head noun (pluralize).",
      },
      description: { type: 'string', description: 'May be empty.' },
      keywords: { type: 'string', description: 'May be empty.' },
      category: { oneOf: [ref('Category'), { type: 'null' }] },
      order: { type: 'number', description: 'Position of the concept within its category.' },
      published: { type: 'boolean' },
      archived: { type: 'boolean' },
      sortable: { type: 'boolean' },
      formatter_name: { type: 'string' },
      queryview: { type: 'string' },
      queryable: {
        type: 'boolean',
        description:
          'Offered in a query builder (Cilantro lists a concept in its query panel when true). From the catalog, default true.',
      },
      viewable: {
        type: 'boolean',
        description: 'Offered as an output column (Cilantro column picker). From the catalog, default true.',
      },
      modified: ref('Timestamp'),
      fields: {
        type: 'array',
        items: ref('Field'),
        description: 'Only with `embed=true`: the same array as `/api/concepts/{id}/fields/`.',
      },
    },
    additionalProperties: false,
  },
  Operator: {
    type: 'array',
    description: '`[code, label]`; a negated code (`-exact`) is the logical NOT of its positive form.',
    prefixItems: [{ enum: OPERATOR_CODES }, { type: 'string' }],
    minItems: 2,
    maxItems: 2,
  },
  Field: {
    type: 'object',
    description: 'A field: one attribute (column) of a dataset, with naming, typing and unit metadata.',
    required: [
      '_links',
      'id',
      'name',
      'plural_name',
      'alt_name',
      'alt_plural_name',
      'description',
      'keywords',
      'app_name',
      'model_name',
      'field_name',
      'internal_type',
      'simple_type',
      'enumerable',
      'nullable',
      'searchable',
      'unit',
      'plural_unit',
      'published',
      'archived',
      'modified',
      'data_modified',
      'operators',
    ],
    properties: {
      _links: {
        type: 'object',
        required: ['self', 'values', 'distribution'],
        properties: {
          self: ref('Link'),
          values: { ...ref('Link'), description: 'rel `data`: `/api/fields/{id}/values/`.' },
          distribution: { ...ref('Link'), description: 'rel `data`: `/api/fields/{id}/dist/`.' },
          stats: {
            ...ref('Link'),
            description: 'rel `data`: `/api/fields/{id}/stats/`; number, date, time and datetime fields only.',
          },
        },
        additionalProperties: false,
      },
      id: { type: 'integer' },
      name: { type: 'string' },
      plural_name: { type: 'string' },
      alt_name: nullable(
        'string',
        "Alternative name; in a concept's field list, the concept's own alternative name when the catalog gives one.",
      ),
      alt_plural_name: nullable('string', 'Plural of the alternative name.'),
      description: nullable('string', 'What the field holds.'),
      keywords: nullable('string', 'Extra words the search matches.'),
      app_name: { type: 'string', description: 'The dataset (application) that holds the field.' },
      model_name: { type: 'string' },
      field_name: { type: 'string', description: 'The column in the dataset.' },
      internal_type: { enum: [...INTERNAL_TYPES] },
      simple_type: {
        enum: SIMPLE_TYPES,
        description:
          'integer/biginteger/float/decimal → number; char/text → string; key → key; boolean/date/datetime/time → themselves.',
      },
      enumerable: {
        type: 'boolean',
        description: 'From the catalog, else a string or boolean with at most 30 distinct values.',
      },
      nullable: { type: 'boolean' },
      searchable: { type: 'boolean', description: 'From the catalog, else a string that is not enumerable.' },
      unit: nullable('string', 'Unit of the values.'),
      plural_unit: nullable('string', 'Defaults to `unit + "s"`.'),
      published: { type: 'boolean' },
      archived: { type: 'boolean' },
      modified: ref('Timestamp'),
      data_modified: { oneOf: [ref('Timestamp'), { type: 'null' }], description: "The data file's modification time." },
      operators: {
        type: 'array',
        items: ref('Operator'),
        description:
          'By simple_type, default first: strings exact -exact iexact -iexact in -in icontains -icontains; numbers, dates, times and datetimes exact -exact in -in lt lte gt gte range -range; booleans and keys exact -exact in -in; nullable fields add isnull -isnull.',
      },
    },
    additionalProperties: false,
  },
};
