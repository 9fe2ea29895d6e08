// Words for the synthetic catalog (catalog-gen.ts): common and invented words, units, and value labels by kind of column.

export const COMMON = (
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
export const UNITS = ['mg', 'mmHg', 'years', 'kg', 'cm', 'USD', '%', 'mL', 'bpm', 'days'];

export type Rand = () => number;
export const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
export const int = (rand: Rand, lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
export const title = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

function inventWord(rand: Rand): string {
  let w = '';
  for (let i = rand() < 0.7 ? 2 : 3; i > 0; i--) w += pick(rand, ONSET) + pick(rand, VOWEL) + pick(rand, CODA);
  return w;
}

export function inventWords(rand: Rand, n: number): string[] {
  const out = new Set<string>();
  while (out.size < n) out.add(inventWord(rand));
  return [...out];
}

export type Flavour = (rand: Rand) => string;

/** Label makers, one per kind of searchable column. */
export function flavours(surnames: string[], places: string[]): Flavour[] {
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

export function enumLabels(rand: Rand, n: number): string[] {
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

export function manyLabels(rand: Rand, n: number, make: Flavour): string[] {
  const out = new Set<string>();
  for (let guard = 0; out.size < n; guard++) {
    const label = make(rand);
    out.add(guard > n * 3 ? `${label} ${guard}` : label);
  }
  return [...out];
}
