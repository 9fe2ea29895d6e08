// Context (API.md §6) → record mask: one byte per row, 1 = the record matches.
import type { ContextCondition, ContextNode } from '../../src/contract/context.ts';
import type { ColumnView, TableView } from '../table/columns.ts';
import { fold } from '../../src/common/fold.ts';
import { isBitSet } from '../../src/common/bitmap.ts';
import { matchNumbers } from './numbers.ts';

/**
 * The records of `table` that match `context`, or null when there is no context (all match).
 * An `and` branch without children matches every record, an `or` branch without children none
 * (the identities of the two operations), so an emptied branch never widens an `or`.
 */
export function contextMask(table: TableView, context: ContextNode | null): Uint8Array | null {
  return context === null ? null : nodeMask(table, context);
}

function nodeMask(table: TableView, node: ContextNode): Uint8Array {
  if (!('children' in node)) return conditionMask(table.column(node.column), node, table.rows);
  const [first, ...rest] = node.children;
  if (first === undefined) return new Uint8Array(table.rows).fill(node.type === 'and' ? 1 : 0);
  const out = nodeMask(table, first); // a fresh array: safe to combine into
  for (const child of rest) {
    const m = nodeMask(table, child);
    if (node.type === 'and') for (let i = 0; i < out.length; i++) out[i] &= m[i];
    else for (let i = 0; i < out.length; i++) out[i] |= m[i];
  }
  return out;
}

/**
 * One condition. A negated operator is the NOT of its positive form over every record, so a
 * null satisfies -exact, -in, -range, -icontains…; the positive comparisons are false on nulls.
 */
export function conditionMask(
  col: ColumnView,
  cond: Pick<ContextCondition, 'operator' | 'value'>,
  rows = col.length,
): Uint8Array {
  const negated = cond.operator.startsWith('-');
  const op = negated ? cond.operator.slice(1) : cond.operator;
  const out = new Uint8Array(rows);
  if (op === 'isnull' || (op === 'exact' && cond.value === null)) {
    const wantNull = op === 'exact' || cond.value === true;
    for (let i = 0; i < rows; i++) out[i] = +(isNullAt(col, i) === wantNull);
  } else {
    const nullMatches = op === 'in' && (cond.value as unknown[]).includes(null);
    matchValues(col, op, cond.value, out);
    const { validity, offset } = col;
    if (validity !== null) {
      const nm = +nullMatches;
      for (let i = 0; i < rows; i++) {
        const bit = (validity[(offset + i) >> 3] >> ((offset + i) & 7)) & 1;
        out[i] = (out[i] & bit) | (nm & (bit ^ 1));
      }
    }
  }
  if (negated) for (let i = 0; i < rows; i++) out[i] ^= 1;
  return out;
}

function isNullAt(col: ColumnView, i: number): boolean {
  return !isBitSet(col.validity, col.offset + i);
}

/** Sets out[i] for the positive operator on the value slots; null rows are fixed up after. */
function matchValues(col: ColumnView, op: string, value: unknown, out: Uint8Array): void {
  switch (col.kind) {
    case 'dict':
      matchCodes(col, dictionaryHits(col.dictionary!, op, value), out);
      break;
    case 'bool':
      matchBits(col, op, value, out);
      break;
    default:
      matchNumbers(col.values as Float64Array | Int32Array | BigInt64Array, op, value, out);
  }
}

/** Evaluates a string operator once per dictionary entry: hits[code] = 1 when it matches. */
function dictionaryHits(dictionary: string[], op: string, value: unknown): Uint8Array {
  const hits = new Uint8Array(dictionary.length);
  let test: (s: string) => boolean;
  switch (op) {
    case 'exact':
      test = (s) => s === value;
      break;
    case 'in': {
      const set = new Set(value as unknown[]);
      test = (s) => set.has(s);
      break;
    }
    case 'iexact': {
      const q = fold(String(value));
      test = (s) => fold(s) === q;
      break;
    }
    case 'icontains': {
      const q = fold(String(value));
      test = (s) => fold(s).includes(q);
      break;
    }
    default:
      throw new Error(`Operator "${op}" does not apply to a string column.`);
  }
  for (let c = 0; c < dictionary.length; c++) hits[c] = test(dictionary[c]) ? 1 : 0;
  return hits;
}

function matchCodes(col: ColumnView, hits: Uint8Array, out: Uint8Array): void {
  const codes = col.values as Int32Array;
  for (let i = 0; i < out.length; i++) out[i] = hits[codes[i]] ?? 0;
}

function matchBits(col: ColumnView, op: string, value: unknown, out: Uint8Array): void {
  let want: [number, number]; // accept false, accept true
  if (op === 'exact') want = value === true ? [0, 1] : [1, 0];
  else if (op === 'in')
    want = [(value as unknown[]).includes(false) ? 1 : 0, (value as unknown[]).includes(true) ? 1 : 0];
  else throw new Error(`Operator "${op}" does not apply to a boolean column.`);
  const bits = col.values as Uint8Array;
  for (let i = 0; i < out.length; i++) {
    const b = col.offset + i;
    out[i] = want[(bits[b >> 3] >> (b & 7)) & 1];
  }
}
