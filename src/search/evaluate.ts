// Evaluating a query over fields and concepts: visibility, exact matching per object, relevance tiers.
import { conceptCandidates, fieldCandidates } from './candidates.ts';
import type { Graph } from './graph.ts';
import { matchesTerm, type ParsedQuery } from './query.ts';
import type { SourceSet } from './terms.ts';

/** What the requesting user may see, by field id and concept id. */
export type Visibility = { field(id: number): boolean; concept(id: number): boolean };

/** The tier of every match of a query without positive terms (nothing to rank by, so list order decides). */
const NEGATED_ONLY_TIER = 3;

// How one term hit one object: not at all, only through data values, or through metadata.
const NONE = 0,
  VALUES = 1,
  METADATA = 2;

/**
 * Matching visible fields → tier. A field's text is its own metadata and values, plus the category and
 * alt names of the concepts containing it that the user can see. A concept's visibility is asked only
 * when its text would make a difference, and nothing from an invisible object ever counts as a hit.
 */
export function evaluateFields(
  graph: Graph,
  q: ParsedQuery,
  sets: readonly SourceSet[],
  visible: Visibility,
): Map<number, number> {
  const isField = memo(graph.fieldIds, (id) => visible.field(id));
  const isConcept = memo(graph.conceptIds, (id) => visible.concept(id));
  const { fvBase, conceptCategory, fieldConceptAlt } = graph;
  const { offsets, values } = graph.fieldConcepts;
  const hits = new Uint8Array(sets.length);
  const result = new Map<number, number>();
  for (const f of fieldCandidates(graph, driver(q, sets))) {
    if (!isField(f)) continue;
    let ok = true;
    for (let i = 0; ok && i < sets.length; i++) {
      const has = sets[i]!.has;
      let hit = has[f] === 1 ? METADATA : has[fvBase + f] === 1 ? VALUES : NONE;
      for (let k = offsets[f]; hit !== METADATA && k < offsets[f + 1]; k++) {
        const category = conceptCategory[values[k]],
          alt = fieldConceptAlt[k];
        if (((category >= 0 && has[category] === 1) || (alt >= 0 && has[alt] === 1)) && isConcept(values[k]))
          hit = METADATA;
      }
      hits[i] = hit;
      ok = (hit !== NONE) !== q.terms[i]!.negated;
    }
    if (ok) result.set(graph.fieldIds[f]!, tier(q, graph.fieldNames[f]!, hits));
  }
  return result;
}

/** Matching visible concepts → tier. A concept's text is its own metadata and category plus, for each
 * of its fields the user can see, that field's metadata, values and the concept's alt names for it. */
export function evaluateConcepts(
  graph: Graph,
  q: ParsedQuery,
  sets: readonly SourceSet[],
  visible: Visibility,
): Map<number, number> {
  const isField = memo(graph.fieldIds, (id) => visible.field(id));
  const isConcept = memo(graph.conceptIds, (id) => visible.concept(id));
  const { fvBase, cmBase, conceptCategory, conceptFieldAlt } = graph;
  const { offsets, values } = graph.conceptFields;
  const hits = new Uint8Array(sets.length);
  const result = new Map<number, number>();
  for (const c of conceptCandidates(graph, driver(q, sets))) {
    if (!isConcept(c)) continue;
    const category = conceptCategory[c];
    let ok = true;
    for (let i = 0; ok && i < sets.length; i++) {
      const has = sets[i]!.has;
      let hit = has[cmBase + c] === 1 || (category >= 0 && has[category] === 1) ? METADATA : NONE;
      for (let k = offsets[c]; hit !== METADATA && k < offsets[c + 1]; k++) {
        const f = values[k],
          alt = conceptFieldAlt[k];
        const inMetadata = has[f] === 1 || (alt >= 0 && has[alt] === 1);
        if ((inMetadata || has[fvBase + f] === 1) && isField(f)) hit = inMetadata ? METADATA : VALUES;
      }
      hits[i] = hit;
      ok = (hit !== NONE) !== q.terms[i]!.negated;
    }
    if (ok) result.set(graph.conceptIds[c]!, tier(q, graph.conceptNames[c]!, hits));
  }
  return result;
}

/** 0 exact name, 1 name prefix, 2 a positive term in the name, 3 one in other metadata, 4 values only. */
function tier(q: ParsedQuery, name: string, hits: Uint8Array): number {
  if (q.positive === '') return NEGATED_ONLY_TIER;
  if (name === q.positive) return 0;
  if (name.startsWith(q.positive)) return 1;
  let inMetadata = false;
  for (let i = 0; i < q.terms.length; i++) {
    const term = q.terms[i]!;
    if (term.negated) continue;
    if (matchesTerm(term, name)) return 2;
    if (hits[i] === METADATA) inMetadata = true;
  }
  return inMetadata ? 3 : 4;
}

/** The positive term with the fewest matched sources, whose sources seed the candidates; null if none. */
function driver(q: ParsedQuery, sets: readonly SourceSet[]): SourceSet | null {
  let best: SourceSet | null = null;
  for (let i = 0; i < sets.length; i++) {
    if (!q.terms[i]!.negated && (best === null || sets[i]!.list.length < best.list.length)) best = sets[i]!;
  }
  return best;
}

function memo(ids: readonly number[], test: (id: number) => boolean): (i: number) => boolean {
  const known = new Int8Array(ids.length);
  return (i) => {
    if (known[i] === 0) known[i] = test(ids[i]!) ? 1 : -1;
    return known[i] === 1;
  };
}
