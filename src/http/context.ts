// Validates a `context` filter tree (API.md §6) and converts its values to storage units.
import { toEcho, toEchoText } from '../common/echo.ts';
import { toNestingDepth } from '../common/nesting.ts';
import { badContext } from './errors.ts';
import { type Canonical, type RequestContext, toCanonical } from './route.ts';
import { toBoolParam, toSingle } from './params.ts';
import type { Snapshot } from '../snapshot/build/create.ts';
import { contextScope, scopeMessage } from '../catalog/tree-join.ts';
import type { Field, User } from '../contract/model.ts';
import type { TreeContextNode } from '../contract/tree.ts';

const MAX_BYTES = 16 * 1024;
const MAX_DEPTH = 32;
const MAX_CONDITIONS = 256;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;
const BRANCH_KEYS = ['type', 'children', 'enabled', 'concept'];
const CONDITION_KEYS = ['field', 'operator', 'value', 'enabled', 'concept'];

/**
 * The `aware` and `context` parameters of a request about a field of `dataset`: the validated
 * tree (null = no filter) and their canonical form (none when there is no filter, since the answer
 * is then the context-naive one; else the context's JSON without whitespace).
 */
export function toAwareContext(
  ctx: RequestContext,
  dataset: string,
): { context: TreeContextNode | null; canonical: Canonical } {
  if (!toBoolParam(ctx.query, 'aware', false)) return { context: null, canonical: [] };
  const raw = toSingle(ctx.query, 'context');
  const context = toContext(raw, ctx.snapshot, ctx.user, dataset);
  if (context === null) return { context, canonical: [] };
  return {
    context,
    canonical: toCanonical([
      ['aware', true],
      ['context', JSON.stringify(JSON.parse(raw!))],
    ]),
  };
}

/**
 * Parses and validates `context` for a request on `dataset`. Returns null for no filter
 * (absent, `{}`, or nothing enabled). Unknown and invisible fields get the same message.
 * Conditions may be on `dataset`, or on any table of its model tree (API.md §12); each carries
 * its table's name, so a tree task can apply it at the entity level.
 */
export function toContext(
  raw: string | undefined,
  snapshot: Snapshot,
  user: User,
  dataset: string,
): TreeContextNode | null {
  if (raw === undefined) return null;
  // The size limit comes first: 17 000 spaces are too large, not "no filter".
  if (Buffer.byteLength(raw) > MAX_BYTES)
    throw badContext(`The context is ${Buffer.byteLength(raw)} bytes; the limit is ${MAX_BYTES}.`);
  if (raw.trim() === '') return null;
  // Nesting is measured on the text, without recursion, before anything walks the tree: a node
  // is an object in a `children` array (two levels), a value at most one array more.
  const nesting = toNestingDepth(raw);
  if (nesting > 2 * MAX_DEPTH + 2)
    throw badContext(`The context is nested deeper than ${MAX_DEPTH} levels (${nesting} brackets deep).`);
  let doc: unknown;
  try {
    doc = JSON.parse(raw);
  } catch (err) {
    throw badContext(`The context is not valid JSON: ${toEchoText((err as Error).message, 160)}.`);
  }
  let conditions = 0;

  const walk = (node: unknown, where: string, depth: number): TreeContextNode | null => {
    if (depth > MAX_DEPTH) throw badContext(`${where}: the context is nested deeper than ${MAX_DEPTH} levels.`);
    if (typeof node !== 'object' || node === null || Array.isArray(node))
      throw badContext(`${where}: a node must be an object, got ${toEcho(node)}.`);
    const o = node as Record<string, unknown>;
    if (o.enabled === false) return null;
    if (o.enabled !== undefined && o.enabled !== true) throw badContext(`${where}: "enabled" must be true or false.`);
    const branch = 'children' in o || 'type' in o;
    const allowed = branch ? BRANCH_KEYS : CONDITION_KEYS;
    const extra = Object.keys(o).find((k) => !allowed.includes(k));
    if (extra !== undefined && (branch || 'field' in o)) {
      throw badContext(
        `${where}: unknown key ${toEcho(extra)}; a ${branch ? 'branch takes "type", "children"' : 'condition takes "field", "operator", "value"'} (and "enabled", "concept").`,
      );
    }
    if (branch) {
      if (o.type !== 'and' && o.type !== 'or')
        throw badContext(`${where}: "type" must be "and" or "or", got ${toEcho(o.type)}.`);
      if (!Array.isArray(o.children)) throw badContext(`${where}: a branch needs a "children" array.`);
      const children = o.children
        .map((c, i) => walk(c, `${where}.children[${i}]`, depth + 1))
        .filter((c): c is TreeContextNode => c !== null);
      if (children.length === 0) return null;
      return children.length === 1 ? children[0] : { type: o.type, children };
    }
    if (!('field' in o)) {
      if (Object.keys(o).every((k) => k === 'concept')) return null; // {} = no filter
      throw badContext(`${where}: a node needs "field", "operator" and "value", or "type" and "children".`);
    }
    if (++conditions > MAX_CONDITIONS)
      throw badContext(`${where}: the context has more than ${MAX_CONDITIONS} conditions.`);
    const id = o.field;
    const field =
      typeof id === 'number' && Number.isSafeInteger(id) && snapshot.isFieldVisible(user, id)
        ? snapshot.fields.get(id)
        : undefined;
    if (!field) throw badContext(`${where}: field ${toEcho(id)} is not a known field. See GET /api/fields/.`);
    const shape = snapshot.tree?.shape ?? null;
    if (field.dataset !== dataset && contextScope(shape, field.dataset) !== contextScope(shape, dataset)) {
      const inTree = shape !== null && (field.dataset in shape.nodes || dataset in shape.nodes);
      throw badContext(
        inTree
          ? `${where}: ${scopeMessage(shape, field.id, field.dataset, dataset)}`
          : `${where}: field ${field.id} is in dataset '${field.dataset}', not '${dataset}'; conditions must be on the same table.`,
      );
    }
    const operator = o.operator;
    if (typeof operator !== 'string' || !field.operators.some(([code]) => code === operator)) {
      throw badContext(
        `${where}: operator ${toEcho(operator)} is not one of field ${field.id}'s operators: ${field.operators.map(([c]) => c).join(', ')}.`,
      );
    }
    return toCondition(field, operator, o.value, where);
  };
  return walk(doc, 'context', 1);
}

function toCondition(field: Field, operator: string, value: unknown, where: string): TreeContextNode {
  const base = { field: field.id, dataset: field.dataset, column: field.column, type: field.internal_type };
  const op = operator.replace(/^-/, '');
  const neg = operator.startsWith('-');
  if (op === 'isnull') {
    if (typeof value !== 'boolean')
      throw badContext(`${where}: "${operator}" takes true or false, got ${toEcho(value)}.`);
    return { ...base, operator, value };
  }
  if (op === 'exact' && value === null) return { ...base, operator: neg ? '-isnull' : 'isnull', value: true };
  if (op === 'in') {
    if (!Array.isArray(value))
      throw badContext(`${where}: "${operator}" takes an array of values, got ${toEcho(value)}.`);
    return { ...base, operator, value: value.map((v, i) => toStorage(field, v, `${where}.value[${i}]`, op)) };
  }
  if (op === 'range') {
    if (!Array.isArray(value) || value.length !== 2)
      throw badContext(`${where}: "${operator}" takes a two-element array [low, high], got ${toEcho(value)}.`);
    return { ...base, operator, value: value.map((v, i) => toStorage(field, v, `${where}.value[${i}]`, op)) };
  }
  if (Array.isArray(value) || value === null || typeof value === 'object') {
    throw badContext(`${where}: "${operator}" takes one value, got ${toEcho(value)}.`);
  }
  return { ...base, operator, value: toStorage(field, value, `${where}.value`, op) };
}

/** One context value → storage units (see src/types.ts), or a 400 naming the node. */
function toStorage(field: Field, v: unknown, where: string, op: string): number | string | boolean {
  const fail = (what: string): never => {
    throw badContext(`${where}: field ${field.id} (${field.internal_type}) needs ${what}, got ${toEcho(v)}.`);
  };
  switch (field.internal_type) {
    case 'char':
    case 'text':
      if (typeof v !== 'string') fail('a string');
      return v as string;
    case 'boolean':
      if (typeof v !== 'boolean') fail('true or false');
      return v as boolean;
    case 'biginteger':
      if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
      if (typeof v === 'string' && /^-?\d+$/.test(v)) return String(BigInt(v));
      return fail('an integer (a string for values beyond 2^53)');
    case 'date': {
      const m = typeof v === 'string' ? DATE.exec(v) : null;
      const ms = m ? Date.UTC(+m[1], +m[2] - 1, +m[3]) : NaN;
      if (!m || new Date(ms).toISOString().slice(0, 10) !== v) fail('a date YYYY-MM-DD');
      return ms / 86_400_000;
    }
    case 'datetime': {
      const ms = typeof v === 'string' && DATETIME.test(v) ? Date.parse(`${v}Z`) : NaN;
      if (Number.isNaN(ms)) fail('a timestamp YYYY-MM-DDTHH:MM:SS.mmm');
      return ms;
    }
    case 'time': {
      const m = typeof v === 'string' ? TIME.exec(v) : null;
      if (!m || +m[1] > 23 || +m[2] > 59 || +(m[3] ?? 0) > 59) fail('a time HH:MM:SS.mmm');
      return ((+m![1] * 60 + +m![2]) * 60 + +(m![3] ?? 0)) * 1000 + +(m![4] ?? '0').padEnd(3, '0');
    }
    default:
      if (typeof v === 'number' && !Number.isFinite(v)) {
        throw badContext(
          `${where}: field ${field.id} (${field.internal_type}) needs a finite number; the value is out of range.`,
        );
      }
      if (typeof v !== 'number') fail(op === 'range' ? 'numbers' : 'a number');
      return v as number;
  }
}
