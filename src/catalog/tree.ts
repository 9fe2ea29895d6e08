// The model tree (API.md §12): datasets' keys and links → the tree around the root, and every structural problem.
import type { InternalType } from '../contract/model.ts';
import type { TreeLink, TreeNode, TreeShape } from '../contract/tree.ts';

/** A dataset as the tree sees it: its optional key, its links, and the column types of its loaded table. */
export type TreeDatasetSpec = {
  name: string;
  key: string | null;
  links: { column: string; to: string }[];
  columns: Record<string, InternalType>;
};

/** One problem, naming the dataset (and column) at fault. Errors stop a load; warnings are reported and served. */
export type TreeProblem = { level: 'error' | 'warning'; dataset: string; column: string | null; message: string };

/**
 * The checked model: `shape` is the tree around the root (null without a root, or when the root
 * is unknown); `links` every structurally valid link, in or out of the tree (each one is resolved
 * at load, so dangling references are reported everywhere); `keys` every declared key column
 * that exists and may be a key.
 */
export type ModelTree = {
  shape: TreeShape | null;
  links: TreeLink[];
  keys: { dataset: string; column: string }[];
  problems: TreeProblem[];
};

// Which key and link columns can match: the same family of values. Booleans are no key.
const FAMILY: Record<InternalType, string | null> = {
  integer: 'number',
  biginteger: 'number',
  float: 'number',
  decimal: 'number',
  key: 'number',
  char: 'string',
  text: 'string',
  date: 'date',
  datetime: 'datetime',
  time: 'time',
  boolean: null,
};

/** True when values of a link column of type `link` can name rows of a key column of type `key`. */
export function isLinkCompatible(link: InternalType, key: InternalType): boolean {
  return FAMILY[key] !== null && FAMILY[link] === FAMILY[key];
}

/**
 * Checks keys and links and builds the tree. Links are read as undirected edges and must form a
 * forest: a link closing a cycle, or a second link between the same two datasets, is an error
 * and takes no part in the tree. Problems come in dataset order, then link order.
 */
export function toModelTree(root: string | null, datasets: TreeDatasetSpec[]): ModelTree {
  const problems: TreeProblem[] = [];
  const error = (dataset: string, column: string | null, message: string) =>
    problems.push({ level: 'error', dataset, column, message });
  const byName = new Map(datasets.map((d) => [d.name, d]));
  const keys: ModelTree['keys'] = [];
  for (const d of datasets) {
    if (d.key === null) continue;
    const type = d.columns[d.key];
    if (type === undefined)
      error(
        d.name,
        d.key,
        `dataset '${d.name}': key column '${d.key}' is not a column of its data (columns: ${Object.keys(d.columns).join(', ')}).`,
      );
    else if (FAMILY[type] === null)
      error(
        d.name,
        d.key,
        `dataset '${d.name}': key column '${d.key}' is ${type}; a key must hold numbers, strings, dates or times.`,
      );
    else keys.push({ dataset: d.name, column: d.key });
  }

  // Union-find over datasets: a link between two datasets already connected closes a cycle.
  const component = new Map(datasets.map((d) => [d.name, d.name]));
  const find = (x: string): string => {
    let r = x;
    while (component.get(r) !== r) r = component.get(r)!;
    component.set(x, r);
    return r;
  };
  const pairs = new Map<string, string>();
  const links: TreeLink[] = [];
  for (const d of datasets) {
    for (const { column, to } of d.links) {
      const where = `dataset '${d.name}': link ${column} → '${to}'`;
      const target = byName.get(to);
      const type = d.columns[column];
      if (type === undefined) {
        error(
          d.name,
          column,
          `${where}: '${column}' is not a column of its data (columns: ${Object.keys(d.columns).join(', ')}).`,
        );
        continue;
      }
      if (!target) {
        error(
          d.name,
          column,
          `${where}: no dataset is named '${to}' (datasets: ${datasets.map((x) => x.name).join(', ')}).`,
        );
        continue;
      }
      if (target.key === null) {
        error(
          d.name,
          column,
          `${where}: '${to}' has no \`key\`; a dataset that links point to must name its key column.`,
        );
        continue;
      }
      const keyType = target.columns[target.key];
      if (keyType === undefined || FAMILY[keyType] === null) continue; // reported on the key itself
      if (!isLinkCompatible(type, keyType)) {
        error(
          d.name,
          column,
          `${where}: '${column}' is ${type} but the key '${to}.${target.key}' is ${keyType}; their values can never match.`,
        );
        continue;
      }
      const pair = [d.name, to].sort().join('\u0000');
      const first = pairs.get(pair);
      if (to === d.name) {
        error(d.name, column, `${where}: a dataset cannot link to itself (links must form a forest, no cycle).`);
        continue;
      }
      if (first !== undefined) {
        error(
          d.name,
          column,
          `${where}: a second link between '${d.name}' and '${to}' (the first is ${first}); at most one link may join two datasets.`,
        );
        continue;
      }
      pairs.set(pair, `${d.name}.${column} → '${to}'`);
      const a = find(d.name),
        b = find(to);
      if (a === b) {
        error(
          d.name,
          column,
          `${where}: closes a cycle (the two datasets are already connected by other links); links must form a forest.`,
        );
        continue;
      }
      component.set(a, b);
      links.push({ from: d.name, column, to, key: target.key });
    }
  }

  if (root === null) return { shape: null, links, keys, problems };
  if (!byName.has(root)) {
    error(root, null, `root '${root}' is not a dataset (datasets: ${datasets.map((x) => x.name).join(', ')}).`);
    return { shape: null, links, keys, problems };
  }
  return { shape: toShape(root, links), links, keys, problems };
}

/** The tree around `root`: a breadth-first walk over the links, each dataset placed once. */
function toShape(root: string, all: TreeLink[]): TreeShape {
  const nodes: Record<string, TreeNode> = { [root]: { parent: null, link: -1, step: 'root', depth: 0, anchor: root } };
  const links: TreeLink[] = [];
  const queue = [root];
  for (let q = 0; q < queue.length; q++) {
    const here = queue[q],
      node = nodes[here];
    for (const l of all) {
      const there = l.from === here ? l.to : l.to === here ? l.from : null;
      if (there === null || there in nodes) continue;
      const step = l.from === there ? 'child' : 'lookup';
      // A child of a dataset whose rows belong to one entity each has the same property.
      const anchor = step === 'child' && node.anchor === here ? there : node.anchor;
      nodes[there] = { parent: here, link: links.length, step, depth: node.depth + 1, anchor };
      links.push(l);
      queue.push(there);
    }
  }
  return { root, nodes, links };
}

/** True when `dataset` belongs to the tree (the root or connected to it). */
export function isInTree(shape: TreeShape | null, dataset: string): boolean {
  return shape !== null && dataset in shape.nodes;
}

/**
 * True when a field of `dataset` counts root entities over J(T) rather than its table's records
 * (API.md §12): a table of the tree other than the root (J(root) is the root's own rows).
 */
export function isCountedInTree(shape: TreeShape | null, dataset: string): boolean {
  return isInTree(shape, dataset) && dataset !== shape!.root;
}
