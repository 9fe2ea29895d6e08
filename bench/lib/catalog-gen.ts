// Seeded synthetic catalog for the search bench: categories, fields, concepts and realistic value labels.
import type { Category, Concept, ConceptFieldRef, Field } from '../../src/contract/model.ts';
import { COMMON, enumLabels, flavours, int, inventWords, manyLabels, pick, title, UNITS } from './catalog-words.ts';
import { mulberry32 } from './prng.ts';

export type CatalogSpec = { seed: number; fields: number; concepts: number; labels: number };

/** A generated catalog; `labels` holds the distinct value labels of every enumerable or searchable field. */
export type GeneratedCatalog = {
  fields: Field[];
  concepts: Concept[];
  categories: Map<number, Category>;
  labels: Map<number, string[]>;
};

/**
 * Generates the catalog; the same spec always gives the same catalog. Labels are common English words,
 * first names, invented surnames and places, addresses, codes, dates and drug names; about 45% of the
 * fields are numbers without labels, 35% enumerable (2–30 labels), 20% searchable sharing the rest of
 * `spec.labels` with a heavy skew (the largest hold tens of thousands).
 */
export function generateCatalog(spec: CatalogSpec): GeneratedCatalog {
  const rand = mulberry32(spec.seed);
  const surnames = inventWords(rand, 20000);
  const places = inventWords(rand, 3000);
  const makers = flavours(surnames, places);
  const words = (lo: number, hi: number) =>
    Array.from({ length: int(rand, lo, hi) }, () => pick(rand, COMMON)).join(' ');

  const categories = new Map<number, Category>();
  for (let id = 1; id <= 120; id++) {
    categories.set(id, { id, name: title(words(1, 2)), order: id, parent: id > 30 ? int(rand, 1, 30) : null });
  }

  const kinds = Array.from({ length: spec.fields }, () => {
    const r = rand();
    return r < 0.45 ? 'number' : r < 0.8 ? 'enum' : 'search';
  });
  const counts = kinds.map((k) => (k === 'enum' ? int(rand, 2, 30) : 0));
  const searchIdx = kinds.flatMap((k, i) => (k === 'search' ? [i] : []));
  const weights = searchIdx.map(() => 1 / (rand() + 0.02) ** 2);
  const remaining = Math.max(0, spec.labels - counts.reduce((a, b) => a + b, 0));
  const wsum = weights.reduce((a, b) => a + b, 0);
  let given = 0;
  searchIdx.forEach((i, j) => {
    counts[i] = Math.floor((remaining * weights[j]!) / wsum);
    given += counts[i]!;
  });
  for (let j = 0; given < remaining; j = (j + 1) % searchIdx.length, given++) counts[searchIdx[j]!]!++;

  const fields: Field[] = [];
  const labels = new Map<number, string[]>();
  for (let i = 0; i < spec.fields; i++) {
    const id = i + 1,
      kind = kinds[i]!;
    const name = title(words(1, 3));
    const stringy = kind !== 'number';
    fields.push({
      id,
      dataset: `ds${id % 20}`,
      column: `col_${id}`,
      name,
      plural_name: `${name}s`,
      alt_name: rand() < 0.1 ? title(words(1, 2)) : null,
      alt_plural_name: null,
      description: rand() < 0.8 ? title(words(4, 14)) : null,
      keywords: rand() < 0.4 ? words(1, 3) : null,
      app_name: `ds${id % 20}`,
      model_name: `${pick(rand, COMMON)}_${pick(rand, COMMON)}`,
      field_name: `col_${id}`,
      internal_type: stringy ? (kind === 'search' ? 'text' : 'char') : 'float',
      simple_type: stringy ? 'string' : 'number',
      enumerable: kind === 'enum',
      searchable: kind === 'search',
      nullable: rand() < 0.3,
      unit: !stringy && rand() < 0.5 ? pick(rand, UNITS) : null,
      plural_unit: null,
      published: rand() < 0.9,
      archived: rand() < 0.03,
      modified: '2026-01-01T00:00:00.000',
      data_modified: null,
      operators: [['exact', 'is']],
      groups: rand() < 0.05 ? ['staff'] : null,
      category: null,
      label_column: null,
    });
    if (kind === 'enum') labels.set(id, enumLabels(rand, counts[i]!));
    if (kind === 'search') labels.set(id, manyLabels(rand, counts[i]!, pick(rand, makers)));
  }

  const order = fields.map((f) => f.id);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const concepts: Concept[] = [];
  let next = 0;
  for (let id = 1; id <= spec.concepts; id++) {
    const ids = new Set<number>();
    for (let k = int(rand, 1, 9); k > 0; k--)
      ids.add(rand() < 0.9 ? order[next++ % order.length]! : int(rand, 1, spec.fields));
    const refs: ConceptFieldRef[] = [...ids].map((f) => ({
      id: f,
      alt_name: rand() < 0.1 ? title(words(1, 3)) : null,
      alt_plural_name: null,
    }));
    const name = title(words(1, 3));
    concepts.push({
      id,
      name,
      plural_name: `${name}s`,
      description: rand() < 0.7 ? title(words(5, 15)) : '',
      keywords: rand() < 0.3 ? words(1, 3) : '',
      category: rand() < 0.9 ? int(rand, 1, 120) : null,
      order: id,
      published: rand() < 0.95,
      archived: rand() < 0.02,
      sortable: true,
      queryable: true,
      viewable: true,
      formatter_name: '',
      queryview: '',
      modified: '2026-01-01T00:00:00.000',
      groups: null,
      fields: refs,
    });
  }
  return { fields, concepts, categories, labels };
}
