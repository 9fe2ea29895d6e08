// The engine contract fixture's two catalogs (API.md §14): identical but for `file:` against `engine:` + `table:` (+ `root_key:`) and `engines:`.
import { stringify } from 'yaml';
import type { Dataset } from './rows.ts';

export const PINNED = '2026-01-02T03:04:05.678';
/** The environment variables the engine entry names for its credentials. */
export const USER_ENV = 'SORREL_CONTRACT_CH_USER';
export const PASSWORD_ENV = 'SORREL_CONTRACT_CH_PASSWORD';

/** Field ids of the fixture, by dataset and column. */
export const FIELD = {
  id: 1, // internal_type key
  grp: 2,
  mid: 3,
  big: 4,
  u32: 5,
  score: 6,
  x2: 7,
  f32: 8,
  price: 9,
  name: 10,
  note: 11,
  code: 12,
  kind: 13,
  day: 14,
  at: 15,
  flag: 16,
  secret: 17, // staff only
  draft: 18, // unpublished: privileged users only
  sex: 21,
  age: 22,
  born: 23,
  weight: 24,
  region: 25,
  visitKind: 26,
  visitAt: 27,
  cost: 28,
  test: 29,
  value: 30,
  site: 31,
  labVisit: 32,
  // Label columns (API.md §3): each value labelled by the label most of its rows carry.
  codeNamed: 19, // obs.code by name: text by text, null labels, ties
  grpEighths: 20, // obs.grp by f32: numbers by numbers
  x2Moment: 33, // obs.x2 by at: many floats by datetimes
  dayKind: 34, // obs.day by kind: not searched by value
  visitKindSite: 35, // visits.kind by site: a tree table's, labelled from its own rows
  ageSex: 36, // patients.age by sex: the tree's root
  valueTest: 37, // labs.value by test: two links below the root
} as const;

type FieldEntry = { id: number; dataset: string; column: string; name: string; [k: string]: unknown };

const FIELDS: FieldEntry[] = [
  { id: 1, dataset: 'obs', column: 'id', name: 'Observation id', internal_type: 'key' },
  { id: 2, dataset: 'obs', column: 'grp', name: 'Group' },
  { id: 3, dataset: 'obs', column: 'mid', name: 'Middle integer' },
  { id: 4, dataset: 'obs', column: 'big', name: 'Big integer', enumerable: true },
  { id: 5, dataset: 'obs', column: 'u32', name: 'Unsigned' },
  { id: 6, dataset: 'obs', column: 'score', name: 'Score', unit: 'point' },
  { id: 7, dataset: 'obs', column: 'x2', name: 'Second score' },
  { id: 8, dataset: 'obs', column: 'f32', name: 'Eighths', enumerable: true },
  { id: 9, dataset: 'obs', column: 'price', name: 'Price', unit: 'euro' },
  { id: 10, dataset: 'obs', column: 'name', name: 'Name' },
  { id: 11, dataset: 'obs', column: 'note', name: 'Note' },
  { id: 12, dataset: 'obs', column: 'code', name: 'Code' },
  { id: 13, dataset: 'obs', column: 'kind', name: 'Kind' },
  { id: 14, dataset: 'obs', column: 'day', name: 'Day', searchable: true },
  { id: 15, dataset: 'obs', column: 'at', name: 'Moment', searchable: true },
  { id: 16, dataset: 'obs', column: 'flag', name: 'Flag' },
  { id: 17, dataset: 'obs', column: 'secret', name: 'Secret colour', groups: ['staff'], enumerable: true },
  { id: 18, dataset: 'obs', column: 'draft', name: 'Draft', published: false },
  { id: 21, dataset: 'patients', column: 'sex', name: 'Sex' },
  { id: 22, dataset: 'patients', column: 'age', name: 'Age', unit: 'year' },
  { id: 23, dataset: 'patients', column: 'born', name: 'Born' },
  { id: 24, dataset: 'patients', column: 'weight', name: 'Weight', unit: 'kg' },
  { id: 25, dataset: 'sites', column: 'region', name: 'Region' },
  { id: 26, dataset: 'visits', column: 'kind', name: 'Visit kind' },
  { id: 27, dataset: 'visits', column: 'at', name: 'Visit time' },
  { id: 28, dataset: 'visits', column: 'cost', name: 'Visit cost' },
  { id: 29, dataset: 'labs', column: 'test', name: 'Lab test' },
  { id: 30, dataset: 'labs', column: 'value', name: 'Lab value', enumerable: true },
  { id: 31, dataset: 'visits', column: 'site', name: 'Visit site' },
  { id: 32, dataset: 'labs', column: 'vid', name: 'Lab visit' },
  { id: 19, dataset: 'obs', column: 'code', name: 'Named code', label_column: 'name', enumerable: true },
  { id: 20, dataset: 'obs', column: 'grp', name: 'Group in eighths', label_column: 'f32', searchable: true },
  { id: 33, dataset: 'obs', column: 'x2', name: 'Score moment', label_column: 'at', enumerable: true },
  { id: 34, dataset: 'obs', column: 'day', name: 'Day kind', label_column: 'kind' },
  { id: 35, dataset: 'visits', column: 'kind', name: 'Visit kind at site', label_column: 'site', enumerable: true },
  { id: 36, dataset: 'patients', column: 'age', name: 'Age by sex', label_column: 'sex', searchable: true },
  { id: 37, dataset: 'labs', column: 'value', name: 'Lab value by test', label_column: 'test', enumerable: true },
];

/** Type overrides, the same in both catalogs: what the engine's types alone would not say (char, boolean) or a file's text would not (decimal). */
const COLUMNS: Record<string, Record<string, string>> = {
  obs: { name: 'char', code: 'char', kind: 'char', secret: 'char', flag: 'boolean', price: 'decimal' },
  patients: { sex: 'char' },
  sites: { code: 'char', region: 'char' },
  visits: { site: 'char', kind: 'char' },
  labs: { test: 'char' },
};

const TREE: Record<string, { key?: string; links?: { column: string; to: string }[] }> = {
  patients: { key: 'pid' },
  sites: { key: 'code' },
  visits: {
    key: 'vid',
    links: [
      { column: 'pid', to: 'patients' },
      { column: 'site', to: 'sites' },
    ],
  },
  labs: { links: [{ column: 'vid', to: 'visits' }] },
};

/** Where the engine catalog's rows are: `null` writes the file catalog (`<name>.ndjson` beside it). */
export type EngineAt = { url: string; database: string } | null;

/** The catalog's YAML text; only the dataset sources and `engines:` depend on `engine`. */
export function catalogText(datasets: Dataset[], engine: EngineAt): string {
  const catalog = {
    title: 'Engine contract',
    modified: PINNED,
    access: {
      anonymous: true,
      api_keys: [
        // keys: fixture-admin-key, fixture-staff-key (as test/fixtures/catalog)
        { name: 'admin', sha256: 'def2dd87a30b295b9facc753b4db48f3ab875dacf752a32b2a9dbe1f43119c41', privileged: true },
        {
          name: 'staff',
          sha256: '852961b6227a9340726113b37d9cda49dc6aed52bdcba6cfdbfcb8e8f04b52c6',
          groups: ['staff'],
        },
      ],
    },
    ...(engine && {
      engines: {
        ch: {
          kind: 'clickhouse',
          url: engine.url,
          database: engine.database,
          user_env: USER_ENV,
          password_env: PASSWORD_ENV,
        },
      },
    }),
    root: 'patients',
    entity: { name: 'patient' },
    datasets: datasets.map((d) => ({
      name: d.name,
      ...(engine ? { engine: 'ch', table: d.name } : { file: `${d.name}.ndjson` }),
      ...(engine && d.rootKey ? { root_key: d.rootKey } : {}), // sharded by the root entity: joins stay on each shard
      data_modified: PINNED,
      ...TREE[d.name],
      columns: COLUMNS[d.name],
    })),
    categories: [
      { id: 1, name: 'Observations', order: 1 },
      { id: 2, name: 'Patients', order: 2 },
    ],
    fields: FIELDS,
    concepts: [
      { id: 1, name: 'Observation', category: 1, fields: [1, 2, 6, 7, 10, 13] },
      { id: 2, name: 'Staff view', category: 1, groups: ['staff'], fields: [17, 13] },
      { id: 3, name: 'Patient', category: 2, fields: [21, 22, 23, 24] },
      { id: 4, name: 'Visit', category: 2, fields: [26, 27, 28, 25] },
      { id: 5, name: 'Lab', category: 2, fields: [29, 30] },
    ],
  };
  return `# Generated by test/helpers/engine/catalog.ts\n${stringify(catalog)}`;
}
