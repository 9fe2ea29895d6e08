// The engine contract fixture's rows (API.md §14): one standalone table of every type and a model tree, seeded.
import { mulberry32 } from '../../../src/common/random.ts';

/** How a cell is written: its JSON text differs between the file (NDJSON) and the engine (JSONEachRow) only for booleans. */
export type Kind = 'int' | 'big' | 'float' | 'dec' | 'str' | 'bool' | 'date' | 'datetime';
export type Cell = number | bigint | string | boolean | null;
export type Column = { name: string; kind: Kind; ch: string };
/** `rootKey`: the column holding the root entity's key when the engine table is sharded by it (the catalog's root_key). */
export type Dataset = {
  name: string;
  columns: Column[];
  shardKey: string;
  rootKey?: string;
  rows: Record<string, Cell>[];
};

const col = (name: string, kind: Kind, ch: string): Column => ({ name, kind, ch });

/** Strings that stress escaping, folding and code-point order (U+FB01 sorts before U+1F600 by code point, not by UTF-16). */
const NAMES = [
  'Émile',
  'emile',
  'Zoë',
  'Ærø',
  'Łódź',
  'Straße',
  'STRASSE',
  'İstanbul',
  'Ελένη',
  'Москва',
  '東京',
  '😀 grin',
  'ﬁg',
  "O'Brien",
  'back\\slash',
  '50% off',
  'under_score',
  'say "hi"',
  'comma, inside',
  'tab\there',
  'new\nline',
  'naïve café',
  '  padded  ',
  'pear',
  'Pear',
  'apple',
];
const KINDS = ['alpha', 'Beta', 'gamma', 'Δelta', 'éclair', '中'];
const SECRETS = ['red', 'green', 'blue', 'black'];
const CODES = ['AAA', 'ABC', 'XYZ', 'Q01', 'ZZZ', 'mno', 'K9K'];
/** Whole-second datetimes and dates within what ClickHouse's DateTime (UInt32 s) and Date (UInt16 days) hold. */
const DAY_MS = 86_400_000;
const FROM = Date.UTC(1970, 0, 1);
const TO = Date.UTC(2030, 0, 1);

/**
 * Floats are multiples of 1/8: ClickHouse 18.16 reads decimal text into a Float64 without correct
 * rounding (-7.597 becomes -7.5969999999999995; about 3% of values with three decimals are an ulp
 * off), so other values would not be the same rows in the engine as in the file.
 */
const eighths = (x: number) => Math.round(x * 8) / 8;

function generator(seed: number) {
  const next = mulberry32(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
  const maybe = <T>(p: number, v: () => T): T | null => (next() < p ? null : v());
  const normal = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  const day = () => new Date(FROM + Math.floor(next() * ((TO - FROM) / DAY_MS)) * DAY_MS).toISOString().slice(0, 10);
  const at = () =>
    new Date(Date.UTC(1980, 0, 1) + Math.floor(next() * 1.4e9) * 1000).toISOString().slice(0, 19).replace('T', ' ');
  return { next, int, pick, maybe, normal, day, at };
}

/** 64-bit integers beyond ±2^53, a few of them repeated so values carry counts above one. */
function bigPool(g: ReturnType<typeof generator>): bigint[] {
  const out: bigint[] = [];
  for (let i = 0; i < 40; i++) {
    const v = 2n ** 53n + BigInt(g.int(1, 1e9)) * BigInt(g.int(1, 1e9));
    out.push(g.next() < 0.4 ? -v : v);
  }
  out.push(9223372036854775807n, -9223372036854775807n);
  return out;
}

/** `obs`: standalone, 1,500 rows, a column of each internal type the engine maps, with nulls. */
function obs(seed: number): Dataset {
  const g = generator(seed);
  const bigs = bigPool(g);
  const long = 'A long note that goes on and on, ünïcode included. '.repeat(6);
  const rows: Record<string, Cell>[] = [];
  for (let i = 1; i <= 1500; i++) {
    const score = g.maybe(0.03, () => eighths(g.normal() * 25 + 40));
    rows.push({
      id: i,
      grp: g.maybe(0.06, () => g.int(-7, 7)),
      mid: g.int(-4e6, 4e6) * 1_000_000_007,
      big: g.maybe(0.05, () => g.pick(bigs)),
      u32: g.int(0, 4_294_967_295),
      score,
      x2: eighths((score ?? 40) * 0.5 + g.normal() * 10),
      f32: g.int(-40, 40) / 8,
      price: g.maybe(0.04, () => ((g.int(-400, 4000) * 25) / 100).toFixed(2)),
      name: g.maybe(0.05, () => g.pick(NAMES)),
      note: g.next() < 0.1 ? `${long}${g.int(0, 9)}` : g.maybe(0.1, () => `note ${g.pick(NAMES)} ${g.int(1, 60)}`),
      code: g.pick(CODES),
      kind: g.pick(KINDS),
      day: g.maybe(0.05, g.day),
      at: g.maybe(0.05, g.at),
      flag: g.maybe(0.08, () => g.next() < 0.4),
      secret: g.pick(SECRETS),
      draft: g.int(1, 5),
    });
  }
  return {
    name: 'obs',
    shardKey: 'id',
    rows,
    columns: [
      col('id', 'int', 'Int32'),
      col('grp', 'int', 'Nullable(Int16)'),
      col('mid', 'int', 'Int64'),
      col('big', 'big', 'Nullable(Int64)'),
      col('u32', 'int', 'UInt32'),
      col('score', 'float', 'Nullable(Float64)'),
      col('x2', 'float', 'Float64'),
      col('f32', 'float', 'Float32'),
      col('price', 'dec', 'Nullable(Decimal(12, 2))'),
      col('name', 'str', 'Nullable(String)'),
      col('note', 'str', 'Nullable(String)'),
      col('code', 'str', 'FixedString(3)'),
      col('kind', 'str', 'String'),
      col('day', 'date', 'Nullable(Date)'),
      col('at', 'datetime', 'Nullable(DateTime)'),
      col('flag', 'bool', 'Nullable(UInt8)'),
      col('secret', 'str', 'String'),
      col('draft', 'int', 'Int32'),
    ],
  };
}

/**
 * The model tree: patients (root) ← visits → sites (lookup), labs → visits. Some visits point at
 * patients 301–310 and site 'G' (dangling), some have no site (null link); some labs point at
 * visits that do not exist or at none.
 */
function tree(seed: number): Dataset[] {
  const g = generator(seed);
  const patients = Array.from({ length: 300 }, (_, i) => ({
    pid: i + 1,
    sex: g.maybe(0.05, () => g.pick(['F', 'M', 'X'])),
    age: g.maybe(0.05, () => g.int(0, 99)),
    born: g.day(),
    weight: eighths(g.normal() * 15 + 70),
  }));
  const regions = ['Nord', 'Süd', 'Øst', 'West', 'Centre', 'Nord'];
  const sites = ['A', 'B', 'C', 'D', 'E', 'F'].map((code, i) => ({ code, region: regions[i] }));
  const visits = Array.from({ length: 900 }, (_, i) => ({
    vid: 1000 + i,
    pid: g.next() < 0.02 ? g.int(301, 310) : g.int(1, 300),
    site: g.next() < 0.03 ? 'G' : g.maybe(0.05, () => g.pick(['A', 'B', 'C', 'D', 'E'])),
    kind: g.pick(['clinic', 'ER', 'home', 'télé']),
    at: g.at(),
    cost: g.maybe(0.1, () => eighths(g.next() * 500)),
  }));
  const labs = Array.from({ length: 2000 }, (_, i) => ({
    lid: i + 1,
    vid: g.next() < 0.02 ? g.int(5000, 5010) : g.maybe(0.02, () => g.int(1000, 1899)),
    test: g.pick(['hb', 'glu', 'Na+', 'K+', 'crp']),
    value: g.maybe(0.04, () => eighths(g.normal() * 30)),
  }));
  return [
    {
      name: 'patients',
      shardKey: 'pid',
      rootKey: 'pid',
      rows: patients,
      columns: [
        col('pid', 'int', 'Int32'),
        col('sex', 'str', 'Nullable(String)'),
        col('age', 'int', 'Nullable(Int32)'),
        col('born', 'date', 'Date'),
        col('weight', 'float', 'Float64'),
      ],
    },
    {
      name: 'sites',
      shardKey: 'cityHash64(code)',
      rows: sites,
      columns: [col('code', 'str', 'String'), col('region', 'str', 'String')],
    },
    {
      // Sharded by the root key: entity counts over visits stay on each shard.
      name: 'visits',
      shardKey: 'pid',
      rootKey: 'pid',
      rows: visits,
      columns: [
        col('vid', 'int', 'Int32'),
        col('pid', 'int', 'Int32'),
        col('site', 'str', 'Nullable(String)'),
        col('kind', 'str', 'String'),
        col('at', 'datetime', 'DateTime'),
        col('cost', 'float', 'Nullable(Float64)'),
      ],
    },
    {
      // Sharded by its own id, not the root key: only GLOBAL IN reaches the right entities.
      name: 'labs',
      shardKey: 'lid',
      rows: labs,
      columns: [
        col('lid', 'int', 'Int32'),
        col('vid', 'int', 'Nullable(Int32)'),
        col('test', 'str', 'String'),
        col('value', 'float', 'Nullable(Float64)'),
      ],
    },
  ];
}

/** Every dataset of the fixture, the same for the same seed. */
export function makeDatasets(seed = 20): Dataset[] {
  return [obs(seed), ...tree(seed + 1)];
}
