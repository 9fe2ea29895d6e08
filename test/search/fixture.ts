// A tiny hand-built catalog for the search tests, with anonymous and privileged visibility.
import type { Category, Concept, ConceptFieldRef, Field, User } from '../../src/contract/model.ts';
import type { SearchInput, Visibility } from '../../src/search/index.ts';

/** A field with every property filled; `over` sets what the test cares about. */
export function makeField(id: number, name: string, over: Partial<Field> = {}): Field {
  return {
    id,
    dataset: 'clinic',
    column: `c${id}`,
    name,
    plural_name: `${name}s`,
    alt_name: null,
    alt_plural_name: null,
    description: null,
    keywords: null,
    app_name: 'clinic',
    model_name: 'tbl',
    field_name: `c${id}`,
    internal_type: 'integer',
    simple_type: 'number',
    enumerable: false,
    searchable: false,
    nullable: false,
    unit: null,
    plural_unit: null,
    published: true,
    archived: false,
    modified: '2026-01-01T00:00:00.000',
    data_modified: null,
    operators: [['exact', 'is']],
    groups: null,
    category: null,
    label_column: null,
    ...over,
  };
}

/** A concept with every property filled. */
export function makeConcept(
  id: number,
  name: string,
  fields: (number | ConceptFieldRef)[],
  over: Partial<Concept> = {},
): Concept {
  return {
    id,
    name,
    plural_name: `${name}s`,
    description: '',
    keywords: '',
    category: null,
    order: id,
    published: true,
    archived: false,
    sortable: true,
    queryable: true,
    viewable: true,
    formatter_name: '',
    queryview: '',
    modified: '2026-01-01T00:00:00.000',
    groups: null,
    fields: fields.map((f) => (typeof f === 'number' ? { id: f, alt_name: null, alt_plural_name: null } : f)),
    ...over,
  };
}

const text = { internal_type: 'char', simple_type: 'string' } as const;

export const categories = new Map<number, Category>([
  [1, { id: 1, name: 'Demographics', order: 1, parent: null }],
  [2, { id: 2, name: 'Vital Signs', order: 2, parent: 3 }],
  [3, { id: 3, name: 'Clinical', order: 3, parent: null }],
  [4, { id: 4, name: 'Secret Studies', order: 4, parent: null }],
]);

export const fields: Field[] = [
  makeField(1, 'Age', { description: 'Age at first visit', unit: 'years', keywords: 'years old' }),
  makeField(2, 'Page count', { description: 'Pages in the chart' }),
  makeField(3, 'Blood pressure', { description: 'Systolic blood pressure, seated', unit: 'mmHg' }),
  makeField(4, 'Pressure', { description: 'Blood test panel' }),
  makeField(5, 'Fasting blood', { description: 'Pressure measured while fasting' }),
  makeField(6, 'City', { ...text, plural_name: 'Cities', enumerable: true }),
  makeField(7, 'Birth year', { enumerable: true }),
  makeField(8, 'Diagnosis', { ...text, internal_type: 'text', searchable: true }),
  makeField(9, 'Secret code', { ...text, enumerable: true, groups: ['staff'] }),
  makeField(10, 'Draft note', { description: 'Unfinished draft', published: false }),
  makeField(11, 'Old ward', { archived: true }),
  makeField(12, 'Age group', { description: 'Banded age' }),
  makeField(13, 'Visit date', { description: 'When the patient came in', keywords: 'age-adjusted' }),
];

export const labels = new Map<number, string[]>([
  [6, ['Café de Flore', 'Zürich', 'São Paulo', 'New York']],
  [7, ['1998', '2001', '2024']],
  [8, ['Penguin allergy', 'Teenage asthma', 'Chronic kidney disease']],
  [9, ['Zanzibar', 'Penguin allergy']],
]);

export const concepts: Concept[] = [
  makeConcept(1, 'Patient', [{ id: 1, alt_name: 'Patient age', alt_plural_name: null }, 6, 7], { category: 1 }),
  makeConcept(2, 'Vitals', [3, 5], { category: 2 }),
  makeConcept(3, 'Secret study', [{ id: 2, alt_name: 'Hidden pages', alt_plural_name: null }, 9], { category: 4 }),
  makeConcept(4, 'Diagnoses', [8], { description: 'Coded diagnoses', keywords: 'icd' }),
  makeConcept(5, 'Draft concept', [4], { category: 1, published: false }),
  makeConcept(6, 'Visits', [12, 13], { category: 1, description: 'Visit history' }),
];

/** The search input over the fixture; records which fields had their labels read. */
export function fixtureInput(read: number[] = []): SearchInput {
  return {
    fields,
    concepts,
    categories,
    valueLabels: (id) => {
      read.push(id);
      return labels.get(id) ?? [];
    },
  };
}

/** API.md §2 visibility for one user over the given catalog. */
export function visibilityFor(
  user: User,
  fs: readonly Field[] = fields,
  cs: readonly Concept[] = concepts,
): Visibility {
  const byId = new Map(fs.map((f) => [f.id, f]));
  const open = (o: { published: boolean; archived: boolean; groups: string[] | null }) =>
    o.published && !o.archived && (o.groups === null || o.groups.some((g) => user.groups.includes(g)));
  const fieldOk = (id: number) => {
    const f = byId.get(id);
    return !!f && (user.privileged || open(f));
  };
  const conceptById = new Map(cs.map((c) => [c.id, c]));
  return {
    field: fieldOk,
    concept: (id) => {
      const c = conceptById.get(id);
      return !!c && (user.privileged || (open(c) && c.fields.every((r) => fieldOk(r.id))));
    },
  };
}

export const anonymous = visibilityFor({ name: 'anonymous', privileged: false, groups: [] });
export const privileged = visibilityFor({ name: 'admin', privileged: true, groups: [] });
