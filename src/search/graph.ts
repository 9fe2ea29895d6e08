// The search graph: which text sources (metadata, values, categories, alt names) belong to which object.
import type { Category, Concept, Field } from '../contract/model.ts';
import { toIntList, toRows, type Rows } from './rows.ts';
import { normalizeText } from './text.ts';

/** What the index is built from; `valueLabels` is called only for enumerable or searchable fields. */
export type SearchInput = {
  fields: readonly Field[];
  concepts: readonly Concept[];
  categories: ReadonlyMap<number, Category>;
  valueLabels(fieldId: number): readonly string[];
};

/**
 * Objects are numbered by their position in the input (field index f, concept index c). Every group of
 * text that is visible or invisible as a whole is one *source*, numbered in this order:
 *   [0, fvBase)        FM(f)   a field's own metadata: name, plural, alt names, description, keywords, unit, model
 *   [fvBase, cmBase)   FV(f)   a field's value labels (empty unless enumerable or searchable)
 *   [cmBase, catBase)  CM(c)   a concept's own metadata: name, plural, description, keywords
 *   [catBase, altBase) CAT(k)  a category's name and its parent's name
 *   [altBase, end)     ALT(a)  one concept's alt name and alt plural for one of its fields
 * A field sees FM, FV, plus CAT and ALT through each concept containing it that the user can see; a
 * concept sees CM, its CAT, plus FM, FV and its ALT for each of its fields that the user can see.
 */
export type Graph = {
  fieldIds: readonly number[];
  conceptIds: readonly number[];
  fieldNames: readonly string[]; // normalised, for tiers
  conceptNames: readonly string[];
  fvBase: number;
  cmBase: number;
  catBase: number;
  altBase: number;
  sourceCount: number;
  conceptCategory: Int32Array; // concept → its CAT source, or -1
  fieldConcepts: Rows; // field → concepts containing it
  fieldConceptAlt: Int32Array; // parallel to fieldConcepts.values: ALT source or -1
  conceptFields: Rows; // concept → its fields (catalog order)
  conceptFieldAlt: Int32Array; // parallel to conceptFields.values: ALT source or -1
  categoryConcepts: Rows; // CAT index (source - catBase) → concepts in it
  altField: Int32Array; // ALT index → field
  altConcept: Int32Array; // ALT index → concept
};

/** Raw texts of one source, in source order; nulls and empties are skipped by the caller. */
export type SourceTexts = (source: number) => readonly (string | null)[];

/** Builds the graph and a reader of each source's raw texts (used once, while indexing). */
export function buildGraph(input: SearchInput): { graph: Graph; texts: SourceTexts } {
  const { fields, concepts, categories } = input;
  const fieldIndex = new Map(fields.map((f, i) => [f.id, i]));
  const categoryIndex = new Map([...categories.keys()].map((id, k) => [id, k]));
  const fvBase = fields.length;
  const cmBase = 2 * fields.length;
  const catBase = cmBase + concepts.length;
  const altBase = catBase + categories.size;

  const conceptCategory = new Int32Array(concepts.length).fill(-1);
  const catRows: number[] = [],
    catConcepts: number[] = [];
  const pairConcept: number[] = [],
    pairField: number[] = [],
    pairAlt: number[] = [];
  const altTexts: (string | null)[][] = [];
  const altField: number[] = [],
    altConcept: number[] = [];
  concepts.forEach((concept, c) => {
    const k = concept.category === null ? undefined : categoryIndex.get(concept.category);
    if (k !== undefined) {
      conceptCategory[c] = catBase + k;
      catRows.push(k);
      catConcepts.push(c);
    }
    for (const ref of concept.fields) {
      const f = fieldIndex.get(ref.id);
      if (f === undefined) continue;
      let alt = -1;
      if (ref.alt_name || ref.alt_plural_name) {
        alt = altBase + altTexts.length;
        altTexts.push([ref.alt_name, ref.alt_plural_name]);
        altField.push(f);
        altConcept.push(c);
      }
      pairConcept.push(c);
      pairField.push(f);
      pairAlt.push(alt);
    }
  });

  const [byConcept, byField, alts] = [toIntList(pairConcept), toIntList(pairField), toIntList(pairAlt)];
  const conceptFields = toRows(concepts.length, byConcept, byField);
  const conceptFieldAlt = toRows(concepts.length, byConcept, alts).values;
  const fieldConcepts = toRows(fields.length, byField, byConcept);
  const fieldConceptAlt = toRows(fields.length, byField, alts).values;
  const categoryList = [...categories.values()];

  const graph: Graph = {
    fieldIds: fields.map((f) => f.id),
    conceptIds: concepts.map((c) => c.id),
    fieldNames: fields.map((f) => normalizeText(f.name)),
    conceptNames: concepts.map((c) => normalizeText(c.name)),
    fvBase,
    cmBase,
    catBase,
    altBase,
    sourceCount: altBase + altTexts.length,
    conceptCategory,
    fieldConcepts,
    fieldConceptAlt,
    conceptFields,
    conceptFieldAlt,
    categoryConcepts: toRows(categories.size, toIntList(catRows), toIntList(catConcepts)),
    altField: Int32Array.from(altField),
    altConcept: Int32Array.from(altConcept),
  };

  const texts: SourceTexts = (s) => {
    if (s < fvBase) return fieldTexts(fields[s]!);
    if (s < cmBase) {
      const field = fields[s - fvBase]!;
      return field.enumerable || field.searchable ? input.valueLabels(field.id) : [];
    }
    if (s < catBase) {
      const c = concepts[s - cmBase]!;
      return [c.name, c.plural_name, c.description, c.keywords];
    }
    if (s < altBase) {
      const category = categoryList[s - catBase]!;
      const parent = category.parent === null ? undefined : categories.get(category.parent);
      return [category.name, parent?.name ?? null];
    }
    return altTexts[s - altBase]!;
  };
  return { graph, texts };
}

function fieldTexts(f: Field): (string | null)[] {
  return [f.name, f.plural_name, f.alt_name, f.alt_plural_name, f.description, f.keywords, f.unit, f.model_name];
}
