// Joins in the model tree (API.md §12): the base of a distribution's dimensions, and which tables a context may reach.
import type { TreeDimension, TreeShape } from '../contract/tree.ts';

/** The base table of a set of dimensions, with each dimension's link path from it; or why there is none. */
export type BaseResult = { base: string; dimensions: TreeDimension[] } | { base: null; message: string };

/**
 * Finds the base of dimensions on tables of the tree: the one table among theirs from which
 * every other is reached by following links in their direction (each step many rows to one).
 * There is at most one (two tables reaching each other would be one table). Without it the
 * message names the tables, for a 400 INVALID_PARAMETER on `dimensions`.
 */
export function findBase(shape: TreeShape, dimensions: { dataset: string; column: string }[]): BaseResult {
  const tables = [...new Set(dimensions.map((d) => d.dataset))];
  const outside = tables.filter((t) => !(t in shape.nodes));
  if (outside.length)
    return {
      base: null,
      message: `${quoteList(outside)} ${outside.length === 1 ? 'is' : 'are'} not in the tree of '${shape.root}'.`,
    };
  for (const base of tables) {
    const paths = new Map(tables.map((t) => [t, linkPath(shape, base, t)]));
    if ([...paths.values()].every((p) => p !== null)) {
      return { base, dimensions: dimensions.map((d) => ({ ...d, path: paths.get(d.dataset)! })) };
    }
  }
  return {
    base: null,
    message: `Dimensions on ${quoteList(tables)} cannot be joined row by row: none of these tables reaches all the others by following links (each step many rows to one). Pick dimensions along one chain of links, such as a table and the tables it links to.`,
  };
}

/**
 * The links from `from` to `to` when each is followed in its direction (from.column → to's key),
 * as indexes in shape.links; null when the tree path goes against a link somewhere.
 */
export function linkPath(shape: TreeShape, from: string, to: string): number[] | null {
  const up = (d: string) => {
    const out = [d];
    while (shape.nodes[out[out.length - 1]].parent !== null) out.push(shape.nodes[out[out.length - 1]].parent!);
    return out;
  };
  const a = up(from),
    b = up(to);
  const common = a.find((x) => b.includes(x))!;
  const path: number[] = [];
  // Up from `from` to the common ancestor: each step must be a child link (the table links to its parent).
  for (let i = 0; a[i] !== common; i++) {
    const node = shape.nodes[a[i]];
    if (node.step !== 'child') return null;
    path.push(node.link);
  }
  // Down to `to`: each step must be a lookup (the parent links to the table).
  const down = b.slice(0, b.indexOf(common)).reverse();
  for (const d of down) {
    const node = shape.nodes[d];
    if (node.step !== 'lookup') return null;
    path.push(node.link);
  }
  return path;
}

/**
 * The scope a context condition must share with the field a request is about: the tree's root
 * for a dataset of the tree, else the dataset itself. A condition whose scope differs is a 400
 * INVALID_CONTEXT; `scopeMessage` words it, naming both.
 */
export function contextScope(shape: TreeShape | null, dataset: string): string {
  return shape !== null && dataset in shape.nodes ? shape.root : dataset;
}

/** The message for a condition on `conditionDataset` in a request about a field of `fieldDataset`. */
export function scopeMessage(
  shape: TreeShape | null,
  fieldId: number,
  conditionDataset: string,
  fieldDataset: string,
): string {
  const inTree = (d: string) => shape !== null && d in shape.nodes;
  const here = inTree(conditionDataset)
    ? `dataset '${conditionDataset}' of the tree of '${shape!.root}'`
    : `dataset '${conditionDataset}'`;
  const there = inTree(fieldDataset) ? `the tree of '${shape!.root}'` : `'${fieldDataset}'`;
  return `field ${fieldId} is in ${here}, not ${there}; conditions must be on the same dataset, or on the same tree.`;
}

function quoteList(names: string[]): string {
  const q = names.map((n) => `'${n}'`);
  return q.length <= 1 ? q.join('') : `${q.slice(0, -1).join(', ')} and ${q[q.length - 1]}`;
}
