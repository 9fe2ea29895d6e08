// The tree bench's catalog over the seeded cohort and its compared requests: each a Sorrel path and the DuckDB SQL that answers it.
import { writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { CohortFiles } from './cohort-files.ts';
import type { Group } from './served.ts';

/** The catalog's fields (link columns carry the joins and are not fields). */
const FIELDS = [
  { id: 1, dataset: 'patients', column: 'sex' },
  { id: 2, dataset: 'patients', column: 'birth_year' },
  { id: 3, dataset: 'patients', column: 'smoker' },
  { id: 4, dataset: 'sites', column: 'region' },
  { id: 5, dataset: 'sites', column: 'beds' },
  { id: 6, dataset: 'visits', column: 'kind' },
  { id: 7, dataset: 'visits', column: 'visit_date' },
  { id: 8, dataset: 'visits', column: 'stay' },
  { id: 9, dataset: 'labs', column: 'test' },
  { id: 10, dataset: 'labs', column: 'value' },
] as const;
const F = Object.fromEntries(FIELDS.map((f) => [f.column, f.id])) as Record<(typeof FIELDS)[number]['column'], number>;

/** Writes the cohort's catalog (root patients, keys, links, the fields above) beside the data and returns its path. */
export function writeCohortCatalog(files: CohortFiles, dir: string): string {
  const path = join(dir, `${basename(files.patients.parquet, '-patients.parquet')}.catalog.json`);
  const catalog = {
    title: 'Bench cohort',
    access: { anonymous: true },
    root: 'patients',
    entity: { name: 'patient' },
    datasets: [
      { name: 'patients', model: 'patient', file: basename(files.patients.parquet), key: 'patient_id' },
      { name: 'sites', model: 'site', file: basename(files.sites.parquet), key: 'site_id' },
      {
        name: 'visits',
        model: 'visit',
        file: basename(files.visits.parquet),
        key: 'visit_id',
        links: [
          { column: 'patient_id', to: 'patients' },
          { column: 'site_id', to: 'sites' },
        ],
      },
      { name: 'labs', model: 'lab', file: basename(files.labs.parquet), links: [{ column: 'visit_id', to: 'visits' }] },
    ],
    categories: [{ id: 1, name: 'Cohort', order: 1 }],
    fields: FIELDS.map((f) => ({ ...f, name: `${f.dataset} ${f.column}`, category: 1 })),
    concepts: [{ id: 1, name: 'Cohort', category: 1, order: 1, fields: FIELDS.map((f) => f.id) }],
  };
  writeFileSync(path, `${JSON.stringify(catalog, null, 2)}\n`);
  return path;
}

/**
 * Each compared request is a function of `k`, the number of the request: k = 0 is the checked one;
 * every later one moves one bound by a step smaller than the data's resolution (birth years are
 * integers, stays have 1 decimal, lab values 2), so the rows and the answer stay those checked, but
 * Sorrel has not seen the request and its reply cache cannot answer it: the figure is the compute.
 */
export type Query = {
  label: string;
  target: boolean; // aware dist/values: ≤ 1.5× DuckDB at the largest size
  path(k: number): string;
  sql(k: number): string;
  toGroups(body: unknown): Group[];
};
type ValuesBody = { values: { value: unknown; count: number }[] };
type DistBody = { data: DistPoint[]; outliers: DistPoint[] };
type DistPoint = { values: unknown[]; count: number };

const enc = (c: unknown) => encodeURIComponent(JSON.stringify(c));
export const fromValues = (body: unknown): Group[] =>
  (body as ValuesBody).values.map((v) => ({ key: [v.value], count: v.count }));
const fromDist = (body: unknown): Group[] => {
  const { data, outliers } = body as DistBody;
  return [...data, ...outliers].map((p) => ({ key: p.values, count: p.count }));
};
const fromEntities = (body: unknown): Group[] => [{ key: [], count: (body as { count: number }).count }];

/** A visit's or a lab's patient: EXISTS over the rows of J(T) (labs reach patients through visits). */
const existsVisit = (where: string) => `EXISTS (SELECT 1 FROM visits v WHERE v.patient_id = p.patient_id AND ${where})`;
const existsLab = (where: string) =>
  `EXISTS (SELECT 1 FROM labs l JOIN visits v ON l.visit_id = v.visit_id WHERE v.patient_id = p.patient_id AND ${where})`;

const birthBelow = (k: number) => 1970 - k / 1000;
const stayAbove = (k: number) => 12 + k / 100_000;
const valueAbove = (k: number) => 230 - k / 100_000;

export const QUERIES: Query[] = [
  {
    label: 'aware dist of labs `test`, context: patients sex = F, birth_year in [1950, 1970), visits in 2020',
    target: true,
    path: (k) =>
      `/api/fields/${F.test}/dist/?cluster=false&aware=true&context=${enc({
        type: 'and',
        children: [
          { field: F.sex, operator: 'exact', value: 'F' },
          { field: F.birth_year, operator: 'gte', value: 1950 },
          { field: F.birth_year, operator: 'lt', value: birthBelow(k) },
          { field: F.visit_date, operator: 'range', value: ['2020-01-01', '2020-12-31'] },
        ],
      })}`,
    sql: (
      k,
    ) => `WITH sel AS (SELECT p.patient_id FROM patients p WHERE p.sex = 'F' AND p.birth_year >= 1950 AND p.birth_year < ${birthBelow(k)}
        AND ${existsVisit(`v.visit_date BETWEEN DATE '2020-01-01' AND DATE '2020-12-31'`)})
      SELECT l.test, count(DISTINCT v.patient_id)::DOUBLE FROM labs l JOIN visits v ON l.visit_id = v.visit_id JOIN sel ON v.patient_id = sel.patient_id
      WHERE l.test IS NOT NULL GROUP BY l.test ORDER BY l.test`,
    toGroups: fromDist,
  },
  {
    label: 'aware values of visits `kind`, context: labs test = hba1c, lab value > 230',
    target: true,
    path: (k) =>
      `/api/fields/${F.kind}/values/?aware=true&limit=0&context=${enc({
        type: 'and',
        children: [
          { field: F.test, operator: 'exact', value: 'hba1c' },
          { field: F.value, operator: 'gt', value: valueAbove(k) },
        ],
      })}`,
    sql: (
      k,
    ) => `WITH sel AS (SELECT p.patient_id FROM patients p WHERE ${existsLab(`l.test = 'hba1c'`)} AND ${existsLab(`l.value > ${valueAbove(k)}`)})
      SELECT v.kind, count(DISTINCT v.patient_id)::DOUBLE FROM visits v JOIN sel ON v.patient_id = sel.patient_id
      WHERE v.kind IS NOT NULL GROUP BY v.kind ORDER BY v.kind`,
    toGroups: fromValues,
  },
  {
    label: 'aware /entities/, OR context: smoker, or a visit with stay > 12, or a lab value > 230',
    target: false,
    path: (k) =>
      `/api/entities/?aware=true&context=${enc({
        type: 'or',
        children: [
          { field: F.smoker, operator: 'exact', value: true },
          { field: F.stay, operator: 'gt', value: stayAbove(k) },
          { field: F.value, operator: 'gt', value: valueAbove(k) },
        ],
      })}`,
    sql: (k) =>
      `SELECT count(*)::DOUBLE FROM patients p WHERE p.smoker OR ${existsVisit(`v.stay > ${stayAbove(k)}`)} OR ${existsLab(`l.value > ${valueAbove(k)}`)}`,
    toGroups: fromEntities,
  },
];

/** Non-aware values of a labs field: precomputed at load, so served from memory (server time < 1 ms). */
export const MEMORY = {
  label: 'non-aware values of labs `test` (distinct patients)',
  route: 'values',
  path: `/api/fields/${F.test}/values/?limit=0`,
  sql: `SELECT l.test, count(DISTINCT v.patient_id)::DOUBLE FROM labs l JOIN visits v ON l.visit_id = v.visit_id
    JOIN patients p ON v.patient_id = p.patient_id WHERE l.test IS NOT NULL GROUP BY l.test ORDER BY l.test`,
};
