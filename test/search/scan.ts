// Reference search by linear scan (matchesPieces per visible object): test oracle and bench baseline.
import type { Concept, Field } from '../../src/contract/model.ts';
import type { SearchInput, Visibility } from '../../src/search/index.ts';
import { matchesPieces, matchesTerm, normalizeText, type ParsedQuery } from '../../src/search/query.ts';

/** The catalog with every text normalised once. */
export type ScanCatalog = {
  fields: readonly Field[];
  concepts: readonly Concept[];
  meta: ReadonlyMap<number, string[]>; // field id → own metadata pieces
  values: ReadonlyMap<number, string[]>; // field id → value label pieces
  conceptMeta: ReadonlyMap<number, string[]>;
  categoryNames: ReadonlyMap<number, string[]>;
  containing: ReadonlyMap<number, Concept[]>; // field id → concepts containing it
};

/** Normalises the input for scanning. */
export function prepareScan(input: SearchInput): ScanCatalog {
  const texts = (list: (string | null)[]) => list.filter((t): t is string => !!t).map(normalizeText);
  const meta = new Map<number, string[]>(),
    values = new Map<number, string[]>(),
    containing = new Map<number, Concept[]>();
  for (const f of input.fields) {
    meta.set(
      f.id,
      texts([f.name, f.plural_name, f.alt_name, f.alt_plural_name, f.description, f.keywords, f.unit, f.model_name]),
    );
    values.set(f.id, f.enumerable || f.searchable ? texts([...input.valueLabels(f.id)]) : []);
    containing.set(f.id, []);
  }
  for (const c of input.concepts) {
    for (const id of new Set(c.fields.map((r) => r.id))) containing.get(id)?.push(c);
  }
  const categoryNames = new Map<number, string[]>();
  for (const [id, category] of input.categories) {
    const parent = category.parent === null ? undefined : input.categories.get(category.parent);
    categoryNames.set(id, texts([category.name, parent?.name ?? null]));
  }
  const conceptMeta = new Map(
    input.concepts.map((c) => [c.id, texts([c.name, c.plural_name, c.description, c.keywords])]),
  );
  return { fields: input.fields, concepts: input.concepts, meta, values, conceptMeta, categoryNames, containing };
}

/** Visible fields matching the query, id → tier, by scanning every piece. */
export function scanFields(cat: ScanCatalog, q: ParsedQuery, visible: Visibility): Map<number, number> {
  const result = new Map<number, number>();
  for (const f of cat.fields) {
    if (!visible.field(f.id)) continue;
    const metadata = [...cat.meta.get(f.id)!];
    for (const c of cat.containing.get(f.id)!) {
      if (!visible.concept(c.id)) continue;
      metadata.push(...categoryPieces(cat, c), ...altPieces(c, f.id));
    }
    const values = cat.values.get(f.id)!;
    if (matchesPieces(q, [...metadata, ...values])) result.set(f.id, scanTier(q, normalizeText(f.name), metadata));
  }
  return result;
}

/** Visible concepts matching the query, id → tier, by scanning every piece. */
export function scanConcepts(cat: ScanCatalog, q: ParsedQuery, visible: Visibility): Map<number, number> {
  const result = new Map<number, number>();
  for (const c of cat.concepts) {
    if (!visible.concept(c.id)) continue;
    const metadata = [...cat.conceptMeta.get(c.id)!, ...categoryPieces(cat, c)];
    const values: string[] = [];
    for (const ref of c.fields) {
      if (!cat.meta.has(ref.id) || !visible.field(ref.id)) continue;
      metadata.push(...cat.meta.get(ref.id)!, ...altPieces(c, ref.id));
      values.push(...cat.values.get(ref.id)!);
    }
    if (matchesPieces(q, [...metadata, ...values])) result.set(c.id, scanTier(q, normalizeText(c.name), metadata));
  }
  return result;
}

function categoryPieces(cat: ScanCatalog, c: Concept): string[] {
  return c.category === null ? [] : (cat.categoryNames.get(c.category) ?? []);
}

function altPieces(c: Concept, fieldId: number): string[] {
  const ref = c.fields.find((r) => r.id === fieldId);
  return [ref?.alt_name, ref?.alt_plural_name].filter((t): t is string => !!t).map(normalizeText);
}

function scanTier(q: ParsedQuery, name: string, metadata: readonly string[]): number {
  const positives = q.terms.filter((t) => !t.negated);
  if (positives.length === 0) return 3;
  if (name === q.positive) return 0;
  if (name.startsWith(q.positive)) return 1;
  if (positives.some((t) => matchesTerm(t, name))) return 2;
  return positives.some((t) => metadata.some((piece) => matchesTerm(t, piece))) ? 3 : 4;
}
