// Candidate objects for a query: the fields or concepts that the sources matched by one term belong to.
import type { Graph } from './graph.ts';
import type { SourceSet } from './terms.ts';

/** Fields that some source in `set` belongs to, ascending (every field when `set` is null). */
export function fieldCandidates(graph: Graph, set: SourceSet | null): Int32Array {
  const n = graph.fieldIds.length;
  if (set === null) return allUpTo(n);
  const { fvBase, cmBase, catBase, altBase, categoryConcepts, conceptFields } = graph;
  const seen = new Uint8Array(n);
  const out: number[] = [];
  const add = (f: number) => {
    if (seen[f] === 0) {
      seen[f] = 1;
      out.push(f);
    }
  };
  for (const s of set.list) {
    if (s < fvBase) add(s);
    else if (s < cmBase) add(s - fvBase);
    else if (s < catBase) continue;
    else if (s < altBase) {
      const k = s - catBase;
      for (let i = categoryConcepts.offsets[k]; i < categoryConcepts.offsets[k + 1]; i++) {
        const c = categoryConcepts.values[i];
        for (let j = conceptFields.offsets[c]; j < conceptFields.offsets[c + 1]; j++) add(conceptFields.values[j]);
      }
    } else add(graph.altField[s - altBase]);
  }
  return Int32Array.from(out).sort();
}

/** Concepts that some source in `set` belongs to, ascending (every concept when `set` is null). */
export function conceptCandidates(graph: Graph, set: SourceSet | null): Int32Array {
  const n = graph.conceptIds.length;
  if (set === null) return allUpTo(n);
  const { fvBase, cmBase, catBase, altBase, categoryConcepts, fieldConcepts } = graph;
  const seen = new Uint8Array(n);
  const out: number[] = [];
  const add = (c: number) => {
    if (seen[c] === 0) {
      seen[c] = 1;
      out.push(c);
    }
  };
  for (const s of set.list) {
    if (s < cmBase) {
      const f = s < fvBase ? s : s - fvBase;
      for (let i = fieldConcepts.offsets[f]; i < fieldConcepts.offsets[f + 1]; i++) add(fieldConcepts.values[i]);
    } else if (s < catBase) add(s - cmBase);
    else if (s < altBase) {
      const k = s - catBase;
      for (let i = categoryConcepts.offsets[k]; i < categoryConcepts.offsets[k + 1]; i++)
        add(categoryConcepts.values[i]);
    } else add(graph.altConcept[s - altBase]);
  }
  return Int32Array.from(out).sort();
}

function allUpTo(n: number): Int32Array {
  const all = new Int32Array(n);
  for (let i = 0; i < n; i++) all[i] = i;
  return all;
}
