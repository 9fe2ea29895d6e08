// Hostile input (API.md §14 Safety): request values reach the engine only as escaped literals, and the engine still answers as memory does.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fold } from '../../src/common/fold.ts';
import type { ContextCondition, ContextNode } from '../../src/contract/context.ts';
import type { EngineTable } from '../../src/contract/engine.ts';
import type { Pool } from '../../src/contract/pool.ts';
import type { TableRef } from '../../src/contract/storage.ts';
import type { Task } from '../../src/contract/tasks.ts';
import { runTableTask } from '../../src/engine/compute/index.ts';
import type { EngineContext } from '../../src/engine/runner.ts';
import runWorker from '../../workers/index.ts';
import { sharedCluster } from '../helpers/clickhouse.ts';
import { toRand } from '../helpers/fuzz.ts';
import { COLUMNS, HOSTILE, loadRows, makeRows, toEngineQuery, toTableRef } from './fixture.ts';

const MORE = [
  "'; SELECT 1; --",
  "a\\'b",
  "\\\\'",
  "'\\",
  '*/ /*',
  '\u0000\u0000',
  '\u2028\u2029',
  '\ud800 lone',
  "') OR ('1'='1",
  '`; DROP DATABASE x; `',
  'x'.repeat(300),
  '%s%n',
  '$' + '{x}', // a template placeholder, as text
];
const NUMBERS = [Number.MAX_VALUE, -Number.MAX_VALUE, 5e-324, -5e-324, 2 ** 53 + 2, 1e21, -0, 0.1];
const BIGS = ['99999999999999999999999', '-9223372036854775808', '9223372036854775807', '-99999999999999999999'];

const pool: Pool = {
  run: async <T>(task: Task) => (await runWorker(task)) as T,
  stats: () => ({ queued: 0, utilization: 0, threads: 1 }),
  close: async () => {},
};
const sent: string[] = [];
let ctx: EngineContext;
let engine: EngineTable;
let memory: TableRef;

test.before(async () => {
  const ch = await sharedCluster();
  const rows = makeRows(41, 300);
  engine = await loadRows(ch, 'hostile', rows);
  memory = toTableRef(rows);
  ctx = { query: toEngineQuery(ch, sent), pool };
});

/** A ClickHouse SQL text split into decoded string literals, decoded identifiers and the rest. */
function scan(sql: string): { literals: string[]; identifiers: string[]; rest: string } {
  const bytes = Buffer.from(sql, 'utf8');
  const literals: string[] = [],
    identifiers: string[] = [];
  let rest = '';
  const simple: Record<string, number> = { n: 10, t: 9, r: 13, '0': 0, b: 8, f: 12, a: 7, v: 11 };
  for (let i = 0; i < bytes.length; ) {
    const q = bytes[i];
    if (q !== 0x27 && q !== 0x60) {
      rest += String.fromCharCode(q);
      i++;
      continue;
    }
    const out: number[] = [];
    for (i++; ; ) {
      if (i >= bytes.length) throw new Error(`unterminated literal in ${sql.slice(0, 200)}`);
      const b = bytes[i];
      if (b === q) break;
      if (b === 0x5c) {
        const e = String.fromCharCode(bytes[i + 1]);
        if (e === 'x') {
          out.push(Number.parseInt(String.fromCharCode(bytes[i + 2], bytes[i + 3]), 16));
          i += 4;
        } else {
          out.push(e in simple ? simple[e] : bytes[i + 1]);
          i += 2;
        }
        continue;
      }
      if (b < 0x20 || b === 0x7f) throw new Error(`a raw control byte ${b} inside a literal`);
      out.push(b);
      i++;
    }
    i++;
    (q === 0x27 ? literals : identifiers).push(Buffer.from(out).toString('utf8'));
    rest += q === 0x27 ? "''" : '``';
  }
  return { literals, identifiers, rest };
}

function conditionsOf(node: ContextNode): ContextCondition[] {
  return 'children' in node ? node.children.flatMap(conditionsOf) : [node];
}

test('hostile values travel only as escaped literals; the engine accepts every query and answers as memory does', async () => {
  const r = toRand(51);
  const strings = [...HOSTILE, ...MORE];
  const names = new Set([engine.database, engine.table, ...Object.keys(COLUMNS)]);
  for (let k = 0; k < 120; k++) {
    const conds: ContextNode[] = Array.from({ length: 1 + r.int(4) }, () => {
      const neg = r.chance(0.3) ? '-' : '';
      const pick = r.int(4);
      if (pick === 0) return cond('s', 'text', neg + r.pick(['exact', 'iexact', 'icontains']), r.pick(strings));
      if (pick === 1) return cond('s', 'text', `${neg}in`, [r.pick(strings), r.pick(strings), r.pick(strings)]);
      if (pick === 2)
        return cond(r.pick(['n', 'dec', 'i']), 'float', neg + r.pick(['lt', 'gte', 'exact']), r.pick(NUMBERS));
      return cond('big', 'biginteger', neg + r.pick(['lte', 'gt', 'exact']), r.pick(BIGS));
    });
    const context: ContextNode = { type: r.chance(0.5) ? 'and' : 'or', children: conds };
    const task = (table: TableRef): Task => ({ kind: 'distinct', table, column: r0(k), context });
    sent.length = 0;
    const got = await runTableTask(task({ key: 'e', generation: 0, parts: [], engine }), ctx);
    assert.equal(got, await runWorker(task(memory)), JSON.stringify(context));
    const { literals, identifiers, rest } = scan(sent[0]);
    for (const id of identifiers) assert.ok(names.has(id), `identifier ${JSON.stringify(id)} comes from the catalog`);
    assert.not.match(rest, /;|--|\/\*/, 'no statement separator or comment outside literals');
    assert.match(rest, /^[A-Za-z0-9_\s().,*+\-<>=![\]:'`]*$/, 'only SQL syntax outside literals');
    for (const c of conditionsOf(context) as ContextCondition[]) {
      if (c.type !== 'text') continue;
      const values = (Array.isArray(c.value) ? c.value : [c.value]) as string[];
      for (const v of values) {
        const lit =
          c.operator.endsWith('exact') && !c.operator.endsWith('iexact') ? v : c.operator.endsWith('in') ? v : fold(v);
        if (/\p{Cs}/u.test(lit) || (lit === '' && c.operator.endsWith('icontains'))) continue; // matches nothing / everything: no literal
        assert.ok(literals.includes(lit), `${JSON.stringify(lit)} is one literal of the SQL`);
      }
    }
  }
});

const cond = (
  column: string,
  type: 'text' | 'float' | 'biginteger',
  operator: string,
  value: unknown,
): ContextNode => ({
  field: 1,
  column,
  type: column === 'i' ? 'integer' : column === 'dec' ? 'decimal' : type,
  operator,
  value,
});
const r0 = (k: number) => ['s', 'n', 'big', 'd'][k % 4];

test.run();
