// Test helper: one model tree both in memory (indexed as at load) and as ClickHouse tables, under two layouts.
import type { EngineQuery, EngineRow } from '../../src/contract/engine.ts';
import type { InternalType } from '../../src/contract/model.ts';
import type { TableRef } from '../../src/contract/storage.ts';
import type { TreeRef } from '../../src/contract/tree.ts';
import type { Cluster } from '../helpers/clickhouse.ts';
import type { ColumnSpec } from '../workers/table.ts';
import { type Indexed, makeTree, type TestTable } from '../workers/tree/fixture.ts';

/**
 * `co-sharded`: every table whose rows belong to one entity carries the root key (`_root`), is
 * sharded by it and declares it (EngineTable.rootKey), so entity joins stay on each shard;
 * lookups are sharded at random. `random`: every table sharded at random, nothing declared.
 */
export type Layout = 'co-sharded' | 'random';

export type BothTrees = { memory: Indexed; engine: TreeRef };

let serial = 0;

/** Indexes `tables` in memory and writes them to the cluster as Distributed tables laid out by `layout`. */
export async function loadBoth(
  ch: Cluster,
  root: string,
  tables: Record<string, TestTable>,
  layout: Layout,
): Promise<BothTrees> {
  const memory = await makeTree(root, tables);
  const { shape } = memory.ref;
  const prefix = `t${++serial}_`;
  const rootSpec = tables[root];
  const rootKeyType = rootSpec.key ? toEngineType(rootSpec.columns[rootSpec.key]) : null;
  const engineTables: Record<string, TableRef> = {};
  for (const [name, t] of Object.entries(tables)) {
    const names = Object.keys(t.columns);
    const rows = t.columns[names[0]]?.values.length ?? 0;
    const types = names.map((c) => toEngineType(t.columns[c]));
    const columns: [string, string][] = names.map((c, i) => [c, `Nullable(${types[i].ch})`]);
    const anchored = name in shape.nodes && shape.nodes[name].anchor === name;
    const coSharded = layout === 'co-sharded' && anchored && rootKeyType !== null;
    const rowsOut: Record<string, unknown>[] = Array.from({ length: rows }, (_, r) =>
      Object.fromEntries(names.map((c, i) => [c, toJson(t.columns[c].values[r], types[i].internal)])),
    );
    if (coSharded) {
      // The root key of each row's entity (a row joined to none gets the type's zero: it counts nowhere).
      const entity = memory.tree.entityOf(name);
      const keys = tables[root].columns[rootSpec.key!].values;
      columns.push(['_root', rootKeyType!.ch]);
      rowsOut.forEach((row, r) => {
        const e = entity === null ? r : entity[r];
        row._root = e < 0 ? (rootKeyType!.ch === 'String' ? '' : 0) : toJson(keys[e], rootKeyType!.internal);
      });
    }
    const table = `${prefix}${name}`;
    await ch.createTable(table, columns, coSharded ? 'cityHash64(_root)' : 'rand()');
    if (rows > 0) await ch.insert(table, rowsOut);
    engineTables[name] = {
      key: `${table}-${layout}`,
      generation: 0,
      parts: [],
      engine: {
        engine: 'ch',
        database: ch.database,
        table,
        columns: Object.fromEntries(
          columns.map(([c], i) => [c, i < types.length ? types[i].internal : rootKeyType!.internal]),
        ),
        rows,
        rootKey: coSharded ? '_root' : null,
      },
    };
  }
  const engine: TreeRef = {
    key: `${prefix}${layout}`,
    shape,
    tables: Object.fromEntries(Object.keys(shape.nodes).map((d) => [d, engineTables[d]])),
    entities: memory.ref.entities,
    resolved: [],
    entity: {},
  };
  return { memory, engine };
}

/** The engine type of a test column and the internal type the engine's DESCRIBE would give it. */
function toEngineType(spec: ColumnSpec): { ch: string; internal: InternalType } {
  switch (spec.kind) {
    case 'f64':
      return spec.values.every((v) => v === null || Number.isInteger(v))
        ? { ch: 'Int64', internal: 'integer' }
        : { ch: 'Float64', internal: 'float' };
    case 'i32':
      return { ch: 'Int32', internal: 'integer' };
    case 'i64':
      return { ch: 'Int64', internal: 'biginteger' };
    case 'dict':
      return { ch: 'String', internal: 'text' };
    case 'bool':
      return { ch: 'UInt8', internal: 'boolean' };
    case 'date':
      return { ch: 'Date', internal: 'date' };
    case 'datetime':
      return { ch: 'DateTime', internal: 'datetime' };
    case 'time':
      throw new Error('ClickHouse has no time-of-day type.');
  }
}

function toJson(v: unknown, type: InternalType): unknown {
  if (v === null) return null;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (type === 'date') return new Date((v as number) * 86_400_000).toISOString().slice(0, 10);
  if (type === 'datetime') return new Date(v as number).toISOString().slice(0, 19).replace('T', ' ');
  return v;
}

/** An EngineQuery straight over HTTP (the rows of FORMAT JSON), recording every statement it sends. */
export function httpQuery(ch: Cluster, sent: string[] = []): EngineQuery {
  return async (sql, _signal, opts) => {
    sent.push(sql);
    const session = opts?.session ? `?session_id=${encodeURIComponent(opts.session)}` : '';
    const body = opts?.command ? sql : `${sql}\nFORMAT JSON`;
    const res = await fetch(`${ch.url}/${session}`, { method: 'POST', body });
    const text = await res.text();
    if (!res.ok) throw new Error(`ClickHouse: ${text.trim()}\nSQL: ${sql}`);
    if (opts?.command) return [];
    return (JSON.parse(text) as { data: EngineRow[] }).data;
  };
}
