// Evaluating a query over fields and concepts: candidates, visibility, exact matching and relevance tiers.
import type { Graph } from './graph.ts';
import { matchesTerm, type ParsedQuery } from './query.ts';
import type { SourceSet } from './terms.ts';

/** What the requesting user may see, by field id and concept id. */
export type Visibility = { field(id: number): boolean; concept(id: number): boolean };

/** The tier of every match of a query without positive terms (nothing to rank by, so list order decides). */
export const NEGATED_ONLY_TIER = 3;

/**
 * Matching visible fields → tier. A field's text is its own metadata and values, plus the category and
 * alt names of the concepts containing it that the user can see: nothing from an invisible object is
 * ever consulted, so it cannot make anything match.
 */
export function evaluateFields(graph: Graph, q: ParsedQuery, sets: readonly SourceSet[], visible: Visibility): Map<number, number> {
  const isField = memo(graph.fieldIds, (id) => visible.field(id));
  const isConcept = memo(graph.conceptIds, (id) => visible.concept(id));
  const { offsets, values } = graph.fieldConcepts;
  const result = new Map<number, number>();
  const sources: number[] = [];
  for (const f of fieldCandidates(graph, driver(q, sets))) {
    if (!isField(f)) continue;
    sources.length = 0;
    sources.push(f, graph.fvBase + f);
    for (let k = offsets[f]; k < offsets[f + 1]; k++) {
      if (!isConcept(values[k])) continue;
      const category = graph.conceptCategory[values[k]];
      if (category >= 0) sources.push(category);
      if (graph.fieldConceptAlt[k] >= 0) sources.push(graph.fieldConceptAlt[k]);
    }
    if (matchesAll(q, sets, sources)) result.set(graph.fieldIds[f]!, tier(graph, q, sets, graph.fieldNames[f]!, sources));
  }
  return result;
}

/** Matching visible concepts → tier. A concept's text is its own metadata and category plus, for each
 * of its fields the user can see, that field's metadata, values and the concept's alt names for it. */
export function evaluateConcepts(graph: Graph, q: ParsedQuery, sets: readonly SourceSet[], visible: Visibility): Map<number, number> {
  const isField = memo(graph.fieldIds, (id) => visible.field(id));
  const isConcept = memo(graph.conceptIds, (id) => visible.concept(id));
  const { offsets, values } = graph.conceptFields;
  const result = new Map<number, number>();
  const sources: number[] = [];
  for (const c of conceptCandidates(graph, driver(q, sets))) {
    if (!isConcept(c)) continue;
    sources.length = 0;
    sources.push(graph.cmBase + c);
    if (graph.conceptCategory[c] >= 0) sources.push(graph.conceptCategory[c]);
    for (let k = offsets[c]; k < offsets[c + 1]; k++) {
      const f = values[k];
      if (!isField(f)) continue;
      sources.push(f, graph.fvBase + f);
      if (graph.conceptFieldAlt[k] >= 0) sources.push(graph.conceptFieldAlt[k]);
    }
    if (matchesAll(q, sets, sources)) result.set(graph.conceptIds[c]!, tier(graph, q, sets, graph.conceptNames[c]!, sources));
  }
  return result;
}

function matchesAll(q: ParsedQuery, sets: readonly SourceSet[], sources: readonly number[]): boolean {
  for (let i = 0; i < sets.length; i++) {
    const has = sets[i]!.has;
    const hit = sources.some((s) => has[s] === 1);
    if (hit === q.terms[i]!.negated) return false;
  }
  return true;
}

/** 0 exact name, 1 name prefix, 2 a positive term in the name, 3 one in other metadata, 4 values only. */
function tier(graph: Graph, q: ParsedQuery, sets: readonly SourceSet[], name: string, sources: readonly number[]): number {
  if (q.positive === '') return NEGATED_ONLY_TIER;
  if (name === q.positive) return 0;
  if (name.startsWith(q.positive)) return 1;
  const positives = q.terms.filter((t) => !t.negated);
  if (positives.some((t) => matchesTerm(t, name))) return 2;
  const isValues = (s: number) => s >= graph.fvBase && s < graph.cmBase;
  const inMetadata = q.terms.some((t, i) => !t.negated && sources.some((s) => sets[i]!.has[s] === 1 && !isValues(s)));
  return inMetadata ? 3 : 4;
}

/** The positive term with the fewest matched sources, whose sources seed the candidates; null if none. */
function driver(q: ParsedQuery, sets: readonly SourceSet[]): SourceSet | null {
  let best: SourceSet | null = null;
  q.terms.forEach((t, i) => {
    if (!t.negated && (best === null || sets[i]!.list.length < best.list.length)) best = sets[i]!;
  });
  return best;
}

/** Fields that some source in `set` belongs to (all fields when null), ascending. */
function fieldCandidates(graph: Graph, set: SourceSet | null): Iterable<number> {
  const n = graph.fieldIds.length;
  if (set === null) return range(n);
  const { fvBase, cmBase, catBase, altBase } = graph;
  const picked = createPicker(n);
  for (const s of set.list) {
    if (s < fvBase) picked.add(s);
    else if (s < cmBase) picked.add(s - fvBase);
    else if (s < catBase) continue;
    else if (s < altBase) {
      forRow(graph.categoryConcepts, s - catBase, (c) => forRow(graph.conceptFields, c, picked.add));
    } else picked.add(graph.altField[s - altBase]);
  }
  return picked.sorted();
}

/** Concepts that some source in `set` belongs to (all concepts when null), ascending. */
function conceptCandidates(graph: Graph, set: SourceSet | null): Iterable<number> {
  const n = graph.conceptIds.length;
  if (set === null) return range(n);
  const { fvBase, cmBase, catBase, altBase } = graph;
  const picked = createPicker(n);
  for (const s of set.list) {
    if (s < fvBase) forRow(graph.fieldConcepts, s, picked.add);
    else if (s < cmBase) forRow(graph.fieldConcepts, s - fvBase, picked.add);
    else if (s < catBase) picked.add(s - cmBase);
    else if (s < altBase) forRow(graph.categoryConcepts, s - catBase, picked.add);
    else picked.add(graph.altConcept[s - altBase]);
  }
  return picked.sorted();
}

function createPicker(n: number): { add(i: number): void; sorted(): Int32Array } {
  const seen = new Uint8Array(n);
  const list: number[] = [];
  return {
    add: (i) => { if (!seen[i]) { seen[i] = 1; list.push(i); } },
    sorted: () => Int32Array.from(list).sort(),
  };
}

function forRow(rows: Graph['conceptFields'], r: number, visit: (value: number) => void): void {
  for (let k = rows.offsets[r]; k < rows.offsets[r + 1]; k++) visit(rows.values[k]);
}

function* range(n: number): Iterable<number> {
  for (let i = 0; i < n; i++) yield i;
}

function memo(ids: readonly number[], test: (id: number) => boolean): (i: number) => boolean {
  const known = new Int8Array(ids.length);
  return (i) => {
    if (known[i] === 0) known[i] = test(ids[i]!) ? 1 : -1;
    return known[i] === 1;
  };
}
