// Test helper: the small-count attacker's requests (API.md §15): naive lists, one dimension against two, contexts and their complements, A∧B and A∧¬B.
import { type Atom, type AttackCatalog, FIELDS, NUMERIC, toContextParam } from './attack-catalog.ts';
import { createReading, type Reading, readCount, readList } from './attack-solve.ts';

export * from './attack-catalog.ts';
export * from './attack-solve.ts';

/** One answer the attacker got: what it asked and what it read. */
export type Answer = { path: string; reading: Reading };

type ValueItem = { value: unknown; count: number | null };
type Point = { values: unknown[]; count: number | null };
const label = (v: unknown): string | null => (v === null ? null : String(v));

/**
 * The attacker's requests against a server at `base` (anonymous, so the rule applies): the root
 * document; each field's values and 1-D dist; each pair's 2-D dist; each field's values, and the
 * entities, under every atom A and its complement (`-exact`); the entities under A∧B and A∧¬B; the
 * stats under each atom. `get` fetches a path's JSON (the test's checks the OpenAPI document too).
 */
export async function runAttack(cat: AttackCatalog, get: (path: string) => Promise<unknown>): Promise<Answer[]> {
  const answers: Answer[] = [];
  const ask = async (path: string, read: (body: any, reading: Reading) => void) => {
    const reading = createReading();
    read(await get(path), reading);
    answers.push({ path, reading });
  };
  const whole = (body: any) =>
    body !== null && typeof body === 'object' && Object.keys(body).length === 1 && body.suppressed === true;
  const readValues = (context: Atom[], f: number) => (body: any, reading: Reading) => {
    if (whole(body)) return context.length ? readCount(reading, cat, context, null) : undefined;
    const items = (body.values as ValueItem[]).map((v) => ({
      atoms: [{ f, op: '=' as const, v: label(v.value) }],
      count: v.count,
    }));
    readList(reading, cat, context, items, { atoms: [{ f, op: '=', v: null }], count: body.null_count });
  };
  const readDist = (context: Atom[], dims: number[]) => (body: any, reading: Reading) => {
    if (whole(body)) return context.length ? readCount(reading, cat, context, null) : undefined;
    const points = [...body.data, ...body.outliers] as Point[];
    const items = points.map((p) => ({
      atoms: dims.map((f, i) => ({ f, op: '=' as const, v: label(p.values[i]) })),
      count: p.count,
    }));
    readList(reading, cat, context, items);
  };
  const readEntities = (context: Atom[]) => (body: any, reading: Reading) =>
    readCount(reading, cat, context, whole(body) ? null : body.count);
  const readStats = (context: Atom[]) => (body: any, reading: Reading) => {
    if (whole(body)) return; // fewer than k values, or the context keeps fewer than k: which one is not said
    readCount(reading, cat, [...context, { f: NUMERIC, op: '!=', v: null }], body.count);
    readCount(reading, cat, [...context, { f: NUMERIC, op: '=', v: null }], body.null_count);
  };

  await ask('/api/', (body: any, reading) =>
    readCount(reading, cat, [], body.entity.suppressed ? null : body.entity.count),
  );
  for (const f of FIELDS) {
    await ask(`/api/fields/${f}/values/?limit=0`, readValues([], f));
    await ask(`/api/fields/${f}/dist/?nulls=true`, readDist([], [f]));
    for (const g of FIELDS)
      if (g > f) await ask(`/api/fields/${f}/dist/?nulls=true&dimensions=${f},${g}`, readDist([], [f, g]));
  }
  const atoms: Atom[] = FIELDS.flatMap((f) =>
    cat.values.get(f)!.flatMap((v) => [
      { f, op: '=' as const, v },
      { f, op: '!=' as const, v },
    ]),
  );
  for (const a of atoms) {
    const c = [a];
    const q = toContextParam(c);
    await ask(`/api/entities/?${q}`, readEntities(c));
    await ask(`/api/fields/${NUMERIC}/stats/?${q}`, readStats(c));
    for (const f of FIELDS) if (f !== a.f) await ask(`/api/fields/${f}/values/?limit=0&${q}`, readValues(c, f));
  }
  const positive = atoms.filter((a) => a.op === '=');
  for (const a of positive)
    for (const b of atoms)
      if (b.f > a.f) {
        const c = [a, b];
        await ask(`/api/entities/?${toContextParam(c)}`, readEntities(c));
      }
  return answers;
}
