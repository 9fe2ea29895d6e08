// The search index built while the profiles run, as soon as the values it reads are in.
import type { CatalogSpec } from '../../catalog/spec.ts';
import type { DatasetInfo } from '../../contract/storage.ts';
import { buildSearchIndex, type SearchIndex } from '../../search/index.ts';
import { toCategories, toConcepts } from './concepts.ts';
import { type FieldValues, toFieldValues } from '../field-values.ts';
import { toFields } from './precompute.ts';
import { toIndexedLabels } from '../value-search.ts';

/**
 * The index assembleSnapshot would build, from `values` of only the fields it reads values of
 * (isIndexedByValues in precompute.ts; engine catalogs excluded: their pushed fields are planned
 * after every profile). Why it may: the index reads a field's texts and labels, and whether it is
 * enumerable or searchable, which for every other field the catalog and the type decide without
 * its values (a stand-in fills them here; nothing the index reads comes from it).
 *
 * Why early: the main thread waited on the profiles, then built the index (0.3–0.6 s at 10M rows
 * for `name`'s 50,000 values) before ready; the fields it needs are mostly strings, profiled in
 * milliseconds, so it is built while the number columns profile on the worker threads.
 */
export function buildSearchIndexEarly(
  spec: CatalogSpec,
  datasets: ReadonlyMap<string, DatasetInfo>,
  values: ReadonlyMap<number, FieldValues>,
): SearchIndex {
  const none = toFieldValues(new Float64Array(0), new Uint8Array(0), 0, []);
  const fields = toFields(spec, datasets, new Map(spec.fields.map((f) => [f.id, values.get(f.id) ?? none])));
  return buildSearchIndex({
    fields: [...fields.values()],
    concepts: [...toConcepts(spec).values()],
    categories: toCategories(spec),
    valueLabels: (id) => toIndexedLabels(new Map(), values, id),
  });
}
