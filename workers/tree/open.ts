// Opening a model tree in a worker: its tables and the load-time index as typed views over shared memory.
import type { TreeRef, TreeShape } from '../../src/contract/tree.ts';
import { openTable, type TableView } from '../table/columns.ts';

/** A tree as the compute functions read it. */
export type TreeView = {
  shape: TreeShape;
  /** Number of root entities (rows of the root). */
  entities: number;
  table(dataset: string): TableView;
  /** Per row of links[link].from, the row of links[link].to; -1 for a null or dangling value. */
  resolved(link: number): Int32Array;
  /**
   * Per row of a dataset reached from the root by child steps only (its own anchor), the entity
   * it belongs to, -1 when not joined; null for the root, whose row i is entity i. From the
   * index when it keeps one, else composed once per TreeView.
   */
  entityOf(dataset: string): Int32Array | null;
};

/** Views over a TreeRef; tables come from this thread's cache (see columns.ts). */
export function openTree(ref: TreeRef): TreeView {
  const { shape } = ref;
  const resolved = ref.resolved.map((b) => new Int32Array(b));
  const composed = new Map<string, Int32Array>();
  const view: TreeView = {
    shape,
    entities: ref.entities,
    table: (dataset) => {
      const t = ref.tables[dataset];
      if (!t) throw new Error(`Dataset '${dataset}' is not in the tree of '${shape.root}'.`);
      return openTable(t);
    },
    resolved: (link) => resolved[link],
    entityOf(dataset) {
      const node = shape.nodes[dataset];
      if (!node || node.anchor !== dataset) throw new Error(`Rows of '${dataset}' do not belong to one entity each.`);
      if (node.step === 'root') return null;
      if (node.depth === 1) return resolved[node.link];
      const b = ref.entity[dataset];
      if (b) return new Int32Array(b);
      // Not kept by the index (see src/snapshot/build/tree-index.ts): composed for this task.
      let out = composed.get(dataset);
      if (!out) {
        out = new Int32Array(resolved[node.link].length);
        composeEntity([resolved[node.link], view.entityOf(node.parent!)!], out);
        composed.set(dataset, out);
      }
      return out;
    },
  };
  return view;
}

/**
 * The entity of each row of a dataset at depth ≥ 2 reached by child steps: `chain[0]` maps its
 * rows to its parent's, `chain[1]` the parent's rows onward, up to rows of the root (entities);
 * -1 anywhere stays -1. Written into `out` (the shared buffer the index keeps).
 */
export function composeEntity(chain: Int32Array[], out: Int32Array): void {
  if (chain.length === 0 || chain[0].length !== out.length)
    throw new Error('The chain must start with a map over the output rows.');
  out.set(chain[0]);
  for (const next of chain.slice(1)) {
    for (let i = 0; i < out.length; i++) {
      const r = out[i];
      out[i] = r < 0 ? -1 : next[r];
    }
  }
}
