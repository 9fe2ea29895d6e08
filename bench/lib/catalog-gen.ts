// Seeded synthetic catalog for the search bench: categories, fields, concepts and realistic value labels.
import type { Category, Concept, ConceptFieldRef, Field } from '../../src/contract/model.ts';
import { mulberry32 } from './prng.ts';

export type CatalogSpec = { seed: number; fields: number; concepts: number; labels: number };

/** A generated catalog; `labels` holds the distinct value labels of every enumerable or searchable field. */
export type GeneratedCatalog = {
  fields: Field[];
  concepts: Concept[];
  categories: Map<number, Category>;
  labels: Map<number, string[]>;
};

const COMMON = (
  'age blood pressure heart rate weight height income education employment status diagnosis ' +
  'treatment medication dose visit date admission discharge hospital clinic patient doctor nurse ward room ' +
  'test result sample level count score index total average first last primary secondary chronic acute ' +
  'disease infection allergy asthma diabetes cancer kidney liver lung brain bone skin eye ear stage grade ' +
  'type group class region country city state county district address street house family household child ' +
  'mother father birth death marriage language religion ethnicity race gender sex smoking alcohol exercise ' +
  'diet sleep pain fever cough fatigue nausea vomiting headache dizziness systolic diastolic fasting glucose ' +
  'cholesterol protein sodium potassium calcium iron vitamin hemoglobin platelet white red cell plasma serum ' +
  'urine culture imaging scan xray report note comment reason source method device site unit code number ' +
  'name title description category insurance payment cost charge claim provider facility department ' +
  'program study trial arm cohort baseline follow up week month year day hour minute morning evening night ' +
  'high low normal abnormal positive negative mild moderate severe unknown other none yes no left right ' +
  'upper lower north south east west central new old early late recent current former never daily weekly ' +
  'survey question answer response interview consent enrollment eligibility outcome event adverse serious ' +
  'medical surgical emergency outpatient inpatient referral transfer procedure operation therapy vaccine'
).split(' ');

const FIRST = (
  'james mary john patricia robert jennifer michael linda william elizabeth david barbara richard ' +
  'susan joseph jessica thomas sarah charles karen daniel nancy matthew lisa anthony betty mark sandra donald ' +
  'ashley steven kimberly paul emily andrew donna joshua michelle kenneth carol kevin amanda brian melissa ' +
  'george deborah timothy stephanie ronald rebecca jason sharon edward laura jeffrey cynthia ryan amy jacob ' +
  'kathleen gary angela nicholas dorothy eric helen jonathan anna stephen brenda larry pamela justin nicole ' +
  'josé maría françois zoë renée søren björn łukasz andré chloé'
).split(' ');

const ONSET = [
  'b',
  'br',
  'c',
  'ch',
  'd',
  'dr',
  'f',
  'g',
  'gr',
  'h',
  'j',
  'k',
  'kl',
  'l',
  'm',
  'n',
  'p',
  'pr',
  'r',
  's',
  'st',
  'sh',
  't',
  'tr',
  'v',
  'w',
  'z',
];
const VOWEL = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ou', 'ie', 'é', 'ö'];
const CODA = ['', '', '', '', 'n', 'r', 'l', 's', 'th', 'nd', 'rt', 'x', 'm', 'ck', 'ng', 'ff'];
const PLACE = ['springs', 'falls', 'heights', 'valley', 'creek', 'harbor', 'park', 'ridge', 'ville', 'ford', 'port'];
const UNITS = ['mg', 'mmHg', 'years', 'kg', 'cm', 'USD', '%', 'mL', 'bpm', 'days'];

type Rand = () => number;
const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
const int = (rand: Rand, lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
const title = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

function inventWord(rand: Rand): string {
  let w = '';
  for (let i = rand() < 0.7 ? 2 : 3; i > 0; i--) w += pick(rand, ONSET) + pick(rand, VOWEL) + pick(rand, CODA);
  return w;
}

function inventWords(rand: Rand, n: number): string[] {
  const out = new Set<string>();
  while (out.size < n) out.add(inventWord(rand));
  return [...out];
}

type Flavour = (rand: Rand) => string;

/** Label makers, one per kind of searchable column. */
function flavours(surnames: string[], places: string[]): Flavour[] {
  return [
    (r) => `${title(pick(r, FIRST))} ${title(pick(r, surnames))}`,
    (r) => `${title(pick(r, surnames))}, ${title(pick(r, FIRST))} ${pick(r, ['', 'A.', 'J.', 'M.'])}`.trim(),
    (r) => `${title(pick(r, places))} ${title(pick(r, PLACE))}`,
    (r) => `${int(r, 1, 9999)} ${title(pick(r, surnames))} ${pick(r, ['Street', 'Avenue', 'Road', 'Lane'])}`,
    (r) => `${pick(r, ['AB', 'CK', 'MX', 'ZR', 'QT'])}-${int(r, 10000, 999999)}`,
    (r) => `${int(r, 1900, 2025)}-${String(int(r, 1, 12)).padStart(2, '0')}-${String(int(r, 1, 28)).padStart(2, '0')}`,
    (r) => Array.from({ length: int(r, 2, 6) }, () => pick(r, COMMON)).join(' '),
    (r) => `${title(pick(r, places))} ${pick(r, ['tablet', 'capsule', 'injection', 'syrup'])} ${int(r, 1, 500)} mg`,
  ];
}

function enumLabels(rand: Rand, n: number): string[] {
  const kind = int(rand, 0, 3);
  const out = new Set<string>();
  for (let guard = 0; out.size < n && guard < n * 50; guard++) {
    if (kind === 0) out.add(title(pick(rand, COMMON)));
    else if (kind === 1) out.add(String(int(rand, 1950, 2025)));
    else if (kind === 2) out.add(`${title(pick(rand, COMMON))} ${pick(rand, COMMON)}`);
    else
      out.add(
        pick(rand, [
          'Yes',
          'No',
          'Unknown',
          'Not asked',
          'Refused',
          'Male',
          'Female',
          'Other',
          'Never',
          'Former',
          'Current',
          'Mild',
          'Moderate',
          'Severe',
          'Low',
          'Normal',
          'High',
          'Très élevé',
          'Ja',
          'Nein',
          'Sí',
          'Ninguno',
          'Zürich',
          'São Paulo',
          'Genève',
          'Köln',
          'Kraków',
          'Montréal',
          'Reykjavík',
          'Málaga',
        ]),
      );
  }
  return [...out];
}

function manyLabels(rand: Rand, n: number, make: Flavour): string[] {
  const out = new Set<string>();
  for (let guard = 0; out.size < n; guard++) {
    const label = make(rand);
    out.add(guard > n * 3 ? `${label} ${guard}` : label);
  }
  return [...out];
}

/**
 * Generates the catalog; the same spec always gives the same catalog. Labels are common English words,
 * first names, invented surnames and places, addresses, codes, dates and drug names; about 45% of the
 * fields are numbers without labels, 35% enumerable (2–30 labels), 20% searchable sharing the rest of
 * `spec.labels` with a heavy skew (the largest hold tens of thousands).
 */
export function generateCatalog(spec: CatalogSpec): GeneratedCatalog {
  const rand = mulberry32(spec.seed);
  const surnames = inventWords(rand, 20000);
  const places = inventWords(rand, 3000);
  const makers = flavours(surnames, places);
  const words = (lo: number, hi: number) =>
    Array.from({ length: int(rand, lo, hi) }, () => pick(rand, COMMON)).join(' ');

  const categories = new Map<number, Category>();
  for (let id = 1; id <= 120; id++) {
    categories.set(id, { id, name: title(words(1, 2)), order: id, parent: id > 30 ? int(rand, 1, 30) : null });
  }

  const kinds = Array.from({ length: spec.fields }, () => {
    const r = rand();
    return r < 0.45 ? 'number' : r < 0.8 ? 'enum' : 'search';
  });
  const counts = kinds.map((k) => (k === 'enum' ? int(rand, 2, 30) : 0));
  const searchIdx = kinds.flatMap((k, i) => (k === 'search' ? [i] : []));
  const weights = searchIdx.map(() => 1 / (rand() + 0.02) ** 2);
  const remaining = Math.max(0, spec.labels - counts.reduce((a, b) => a + b, 0));
  const wsum = weights.reduce((a, b) => a + b, 0);
  let given = 0;
  searchIdx.forEach((i, j) => {
    counts[i] = Math.floor((remaining * weights[j]!) / wsum);
    given += counts[i]!;
  });
  for (let j = 0; given < remaining; j = (j + 1) % searchIdx.length, given++) counts[searchIdx[j]!]!++;

  const fields: Field[] = [];
  const labels = new Map<number, string[]>();
  for (let i = 0; i < spec.fields; i++) {
    const id = i + 1,
      kind = kinds[i]!;
    const name = title(words(1, 3));
    const stringy = kind !== 'number';
    fields.push({
      id,
      dataset: `ds${id % 20}`,
      column: `col_${id}`,
      name,
      plural_name: `${name}s`,
      alt_name: rand() < 0.1 ? title(words(1, 2)) : null,
      alt_plural_name: null,
      description: rand() < 0.8 ? title(words(4, 14)) : null,
      keywords: rand() < 0.4 ? words(1, 3) : null,
      app_name: `ds${id % 20}`,
      model_name: `${pick(rand, COMMON)}_${pick(rand, COMMON)}`,
      field_name: `col_${id}`,
      internal_type: stringy ? (kind === 'search' ? 'text' : 'char') : 'float',
      simple_type: stringy ? 'string' : 'number',
      enumerable: kind === 'enum',
      searchable: kind === 'search',
      nullable: rand() < 0.3,
      unit: !stringy && rand() < 0.5 ? pick(rand, UNITS) : null,
      plural_unit: null,
      published: rand() < 0.9,
      archived: rand() < 0.03,
      modified: '2026-01-01T00:00:00.000',
      data_modified: null,
      operators: [['exact', 'is']],
      groups: rand() < 0.05 ? ['staff'] : null,
      category: null,
      label_column: null,
    });
    if (kind === 'enum') labels.set(id, enumLabels(rand, counts[i]!));
    if (kind === 'search') labels.set(id, manyLabels(rand, counts[i]!, pick(rand, makers)));
  }

  const order = fields.map((f) => f.id);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const concepts: Concept[] = [];
  let next = 0;
  for (let id = 1; id <= spec.concepts; id++) {
    const ids = new Set<number>();
    for (let k = int(rand, 1, 9); k > 0; k--)
      ids.add(rand() < 0.9 ? order[next++ % order.length]! : int(rand, 1, spec.fields));
    const refs: ConceptFieldRef[] = [...ids].map((f) => ({
      id: f,
      alt_name: rand() < 0.1 ? title(words(1, 3)) : null,
      alt_plural_name: null,
    }));
    const name = title(words(1, 3));
    concepts.push({
      id,
      name,
      plural_name: `${name}s`,
      description: rand() < 0.7 ? title(words(5, 15)) : '',
      keywords: rand() < 0.3 ? words(1, 3) : '',
      category: rand() < 0.9 ? int(rand, 1, 120) : null,
      order: id,
      published: rand() < 0.95,
      archived: rand() < 0.02,
      sortable: true,
      queryable: true,
      viewable: true,
      formatter_name: '',
      queryview: '',
      modified: '2026-01-01T00:00:00.000',
      groups: null,
      fields: refs,
    });
  }
  return { fields, concepts, categories, labels };
}
