// Checks the tree's data and builds its index at load: keys checked, links resolved, entities composed, by the workers.
import { toEcho } from '../../common/echo.ts';
import type { TableRef } from '../../contract/storage.ts';
import type { Task } from '../../contract/tasks.ts';
import type { KeyReport, LinkReport, TreeLink, TreeRef } from '../../contract/tree.ts';
import type { ModelTree, TreeProblem } from '../../catalog/tree.ts';

/** A loaded table as the index needs it. */
export type IndexTable = { ref: TableRef; rows: number };

/** Runs a task on a worker (the pool's `run`). */
export type RunTask = (task: Task) => Promise<unknown>;

/** Bytes per row the index may spend on a table: its links first, then an entity array if it still fits. */
export const INDEX_BYTES_PER_ROW = 8;

/**
 * Checks every key of `model` (nulls, repeats: errors) and resolves every link (dangling
 * references: warnings, then served as null links), then builds the TreeRef that tree tasks
 * carry, in SharedArrayBuffers: one Int32Array per tree link over the linking table's rows
 * (4 bytes a row: the floor, as any join needs it), and an entity Int32Array for a table at
 * depth ≥ 2 reached by child steps (labs) when its links leave room within
 * INDEX_BYTES_PER_ROW; otherwise workers compose it per task from the links (one gather per
 * level). So the cohort's labs and visits spend 8 bytes a row, patients and sites none. `tree`
 * is null when the catalog has no root; the caller refuses to serve when `problems` holds an
 * error, and reports the warnings.
 * @param key identifies this data version (as TableRef.key does), for worker-side caches.
 */
export async function buildTreeIndex(
  model: ModelTree,
  tables: Record<string, IndexTable>,
  run: RunTask,
  key: string,
): Promise<{ tree: TreeRef | null; problems: TreeProblem[] }> {
  const table = (d: string) => {
    const t = tables[d];
    if (!t) throw new Error(`No loaded table for dataset '${d}'.`);
    return t;
  };
  const problems: TreeProblem[] = [];
  const keyReports = await Promise.all(
    model.keys.map(
      (k) => run({ kind: 'tree-key', table: table(k.dataset).ref, column: k.column }) as Promise<KeyReport>,
    ),
  );
  model.keys.forEach((k, i) => {
    problems.push(...keyProblems(k.dataset, k.column, keyReports[i]));
  });

  // An engine table (API.md §14) is joined by the engine on its columns: no resolved index (its
  // `out` is empty), and both ends of a link must be in the same engine, or both in memory.
  const engineOf = (d: string) => table(d).ref.engine?.engine ?? null;
  const where = (e: string | null) => (e === null ? 'in memory' : `in engine '${e}'`);
  const links = model.links.filter((l) => {
    if (engineOf(l.from) === engineOf(l.to)) return true;
    problems.push({
      level: 'error',
      dataset: l.from,
      column: l.column,
      message: `dataset '${l.from}': link ${l.column} → '${l.to}': '${l.from}' is ${where(engineOf(l.from))} but '${l.to}' is ${where(engineOf(l.to))}; both ends of a link must be in one engine, or both in memory.`,
    });
    return false;
  });
  const buffers = new Map<TreeLink, SharedArrayBuffer>();
  const linkReports = await Promise.all(
    links.map((l) => {
      const out = new SharedArrayBuffer(engineOf(l.from) === null ? 4 * table(l.from).rows : 0);
      buffers.set(l, out);
      return run({
        kind: 'tree-link',
        from: table(l.from).ref,
        column: l.column,
        to: table(l.to).ref,
        key: l.key,
        out,
      }) as Promise<LinkReport>;
    }),
  );
  links.forEach((l, i) => {
    problems.push(...linkProblems(l, linkReports[i]));
  });

  const shape = model.shape;
  problems.push(...rootKeyProblems(model, tables));
  if (shape === null || links.length < model.links.length) return { tree: null, problems };
  if (engineOf(shape.root) !== null) {
    const tables = Object.fromEntries(Object.keys(shape.nodes).map((d) => [d, table(d).ref]));
    return { tree: { key, shape, tables, entities: table(shape.root).rows, resolved: [], entity: {} }, problems };
  }
  const resolved = shape.links.map((l) => buffers.get(l)!);
  // Entity arrays level by level (parents first), for the tables whose links leave room for one.
  const entity: Record<string, SharedArrayBuffer> = {};
  const linksFrom = (d: string) => shape.links.filter((l) => l.from === d).length;
  const deep = Object.entries(shape.nodes).filter(
    ([d, n]) => n.anchor === d && n.depth >= 2 && 4 * (linksFrom(d) + 1) <= INDEX_BYTES_PER_ROW,
  );
  for (let depth = 2; deep.some(([, n]) => n.depth >= depth); depth++) {
    await Promise.all(
      deep
        .filter(([, n]) => n.depth === depth)
        .map(([d, n]) => {
          // From d's rows up to entities: its link, then each ancestor's, stopping at one with an entity map.
          const chain = [resolved[n.link]];
          let a = n.parent!;
          while (shape.nodes[a].depth > 1 && !entity[a]) {
            chain.push(resolved[shape.nodes[a].link]);
            a = shape.nodes[a].parent!;
          }
          chain.push(shape.nodes[a].depth === 1 ? resolved[shape.nodes[a].link] : entity[a]);
          entity[d] = new SharedArrayBuffer(4 * table(d).rows);
          return run({ kind: 'tree-entity', chain, out: entity[d] });
        }),
    );
  }
  const refs = Object.fromEntries(Object.keys(shape.nodes).map((d) => [d, table(d).ref]));
  return { tree: { key, shape, tables: refs, entities: table(shape.root).rows, resolved, entity }, problems };
}

/**
 * An engine table's `root_key` (API.md §14) must be one of its columns, on the root or a table
 * reached from it by child links only: a lookup's rows are shared by many entities, so no
 * sharding by entity can hold them.
 */
function rootKeyProblems(model: ModelTree, tables: Record<string, IndexTable>): TreeProblem[] {
  const out: TreeProblem[] = [];
  for (const [dataset, { ref }] of Object.entries(tables)) {
    const column = ref.engine?.rootKey;
    if (!column) continue;
    const node = model.shape?.nodes[dataset];
    const where = `dataset '${dataset}': root_key '${column}'`;
    if (!(column in ref.engine!.columns))
      out.push({ level: 'error', dataset, column, message: `${where} is not a column of its table.` });
    else if (!node || node.anchor !== dataset)
      out.push({
        level: 'error',
        dataset,
        column,
        message: `${where}: ${node ? `'${dataset}' is a lookup of the tree, its rows shared by many entities` : `'${dataset}' is not in the tree`}; only the root and the tables that link to it (directly or through other such tables) can be sharded by the root key.`,
      });
  }
  return out;
}

/** A key's nulls and repeats, as errors. */
export function keyProblems(dataset: string, column: string, r: KeyReport): TreeProblem[] {
  const out: TreeProblem[] = [];
  const where = `dataset '${dataset}': key column '${column}'`;
  if (r.nulls > 0) {
    out.push({
      level: 'error',
      dataset,
      column,
      message: `${where} holds ${r.nulls} null${r.nulls === 1 ? '' : 's'}${nullRowsOf(r)}; a key must be non-null and unique.`,
    });
  }
  if (r.duplicates > 0) {
    out.push({
      level: 'error',
      dataset,
      column,
      message: `${where} repeats values in ${r.duplicates} row${r.duplicates === 1 ? '' : 's'} (first values: ${examples(r.duplicateValues)}); a key must be non-null and unique.`,
    });
  }
  return out;
}

/** A link's dangling references, as a warning. */
export function linkProblems(link: TreeLink, r: LinkReport): TreeProblem[] {
  const out: TreeProblem[] = [];
  if (r.misplaced)
    out.push({
      level: 'error',
      dataset: link.from,
      column: link.column,
      message: `dataset '${link.from}': link ${link.column} → '${link.to}': ${r.misplaced} of ${r.rows} rows are on another shard than the row of '${link.to}' they name, though both tables declare \`root_key\`; shard both by the root key (or remove \`root_key\`: every join then goes through GLOBAL).`,
    });
  if (r.dangling === 0) return out;
  return [
    ...out,
    {
      level: 'warning',
      dataset: link.from,
      column: link.column,
      message: `dataset '${link.from}': link ${link.column} → '${link.to}': ${r.dangling} of ${r.rows} rows name no row of '${link.to}' (first values: ${examples(r.danglingValues)}); they are served as null links.`,
    },
  ];
}

/** ` (data rows 1, 2, counting from 1)`, or nothing for an engine table, which has no row order. */
function nullRowsOf(r: KeyReport): string {
  if (r.nullRows.length === 0) return '';
  const rows = r.nullRows.map((i) => i + 1).join(', ');
  return ` (data row${r.nulls === 1 ? '' : 's'} ${rows}${r.nulls > r.nullRows.length ? ', …' : ''}, counting from 1)`;
}

function examples(values: (number | string)[]): string {
  return values.map((v) => toEcho(v)).join(', ');
}
