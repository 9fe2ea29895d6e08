// Seeded three-level cohort for the model tree (API.md §12): patients ← visits → sites, labs → visits (files: cohort-files.ts).
import { mulberry32 } from './prng.ts';

/** What determines a cohort: the same spec always gives the same rows and byte-identical files. */
export type CohortSpec = {
  patients: number;
  visits: number; // exact total, spread over patients with a skew (many with few, some with many, some with none)
  labs: number; // exact total, spread over visits with a milder skew
  sites: number;
  /** Fraction of link values that name no row (visits.patient_id, visits.site_id, labs.visit_id). */
  dangling: number;
  seed: number;
};

/** The bench's cohort of `patients` patients: 10 visits and 30 labs per patient on average, one site per 1000 patients. */
export function toCohortSpec(patients: number): CohortSpec {
  return {
    patients,
    visits: 10 * patients,
    labs: 30 * patients,
    sites: Math.max(10, Math.round(patients / 1000)),
    dangling: 0.001,
    seed: 20261120,
  };
}

/** A column: values in storage units (see src/types.ts) and a validity byte per row (1 = present). */
export type CohortColumn =
  | { kind: 'f64'; values: Float64Array; valid: Uint8Array }
  | { kind: 'date'; values: Int32Array; valid: Uint8Array }
  | { kind: 'bool'; values: Uint8Array; valid: Uint8Array }
  | { kind: 'dict'; codes: Int32Array; dictionary: string[]; valid: Uint8Array };

export type CohortTable = { rows: number; columns: Record<string, CohortColumn> };
export type Cohort = { spec: CohortSpec; tables: Record<'patients' | 'sites' | 'visits' | 'labs', CohortTable> };

/** Keys and links as a catalog with a root declares them (API.md §12). */
export const COHORT_MODEL = {
  root: 'patients',
  datasets: {
    patients: { key: 'patient_id', links: [] },
    sites: { key: 'site_id', links: [] },
    visits: {
      key: 'visit_id',
      links: [
        { column: 'patient_id', to: 'patients' },
        { column: 'site_id', to: 'sites' },
      ],
    },
    labs: { key: null, links: [{ column: 'visit_id', to: 'visits' }] },
  },
} as const;

export const REGIONS = ['central', 'east', 'highlands', 'islands', 'north', 'south', 'valley', 'west'];
export const KINDS = ['emergency', 'inpatient', 'outpatient', 'telehealth'];
export const TESTS = [
  'alb',
  'alt',
  'ast',
  'bili',
  'bun',
  'ca',
  'chol',
  'cl',
  'crp',
  'glu',
  'hb',
  'hba1c',
  'hct',
  'k',
  'ldl',
  'mg',
  'na',
  'plt',
  'tsh',
  'wbc',
];
const DAY0 = 16436; // 2015-01-01

/**
 * The cohort's rows, in memory. Patient ids are odd (2·row + 1), so a dangling patient id is an
 * even number; visit ids are 1.. in row order, and visits are ordered by date, so one patient's
 * visits are spread over the table (not clustered), while the labs of a visit are contiguous.
 *
 * - patients: patient_id, sex (F/M, 0.5% null), birth_year (1930–2014, 1% null), smoker (boolean, 5% null)
 * - sites: site_id ("S0001"…), region (8 names), beds (20–800, 5% null)
 * - visits: visit_id, patient_id (0.1% null, `dangling` even ids), site_id (2% null, `dangling` "S9999x"),
 *   kind (4 names, skewed), visit_date (2015–2024, ascending), stay (days, 1 decimal, 10% null)
 * - labs: visit_id (0.1% null, `dangling` ids past the last visit), test (20 codes, skewed),
 *   value (per-test normal, 2 decimals, 3% null)
 */
export function generateCohort(spec: CohortSpec): Cohort {
  const r = mulberry32(spec.seed);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
  const skewed = (n: number) => Math.floor(n * r() ** 2); // index in 0..n-1, small ones likelier
  const present = (rows: number, nullFraction: number) =>
    Uint8Array.from({ length: rows }, () => +(r() >= nullFraction));

  const P = spec.patients;
  const patients: CohortTable = {
    rows: P,
    columns: {
      patient_id: f64(Float64Array.from({ length: P }, (_, i) => 2 * i + 1)),
      sex: dict(
        Int32Array.from({ length: P }, () => +(r() < 0.5)),
        ['F', 'M'],
        present(P, 0.005),
      ),
      birth_year: f64(
        Float64Array.from({ length: P }, () => 1930 + Math.floor(r() * 85)),
        present(P, 0.01),
      ),
      smoker: { kind: 'bool', values: Uint8Array.from({ length: P }, () => +(r() < 0.2)), valid: present(P, 0.05) },
    },
  };

  const S = spec.sites;
  const siteNames = Array.from({ length: S }, (_, i) => `S${String(i + 1).padStart(4, '0')}`);
  const sites: CohortTable = {
    rows: S,
    columns: {
      site_id: dict(
        Int32Array.from({ length: S }, (_, i) => i),
        siteNames,
      ),
      region: dict(
        Int32Array.from({ length: S }, () => Math.floor(r() * REGIONS.length)),
        REGIONS,
      ),
      beds: f64(
        Float64Array.from({ length: S }, () => 20 + Math.floor(r() * 781)),
        present(S, 0.05),
      ),
    },
  };

  // Visits per patient: lognormal weights (σ = 1.2), scaled to the exact total, then shuffled into date order.
  const V = spec.visits;
  const owner = spread(V, P, 1.2, r, gauss);
  for (let i = V - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    const t = owner[i];
    owner[i] = owner[j];
    owner[j] = t;
  }
  const visitPatient = Float64Array.from(owner, (p) => (r() < spec.dangling ? 2 * Math.floor(r() * P) + 2 : 2 * p + 1));
  const siteCodes = Int32Array.from({ length: V }, () => (r() < spec.dangling ? S : skewed(S))); // code S is "S9999x", no site
  const dates = Int32Array.from({ length: V }, () => DAY0 + Math.floor(r() * 3653)).sort();
  const visits: CohortTable = {
    rows: V,
    columns: {
      visit_id: f64(Float64Array.from({ length: V }, (_, i) => i + 1)),
      patient_id: f64(visitPatient, present(V, 0.001)),
      site_id: dict(siteCodes, [...siteNames, 'S9999x'], present(V, 0.02)),
      kind: dict(
        Int32Array.from({ length: V }, () => skewed(KINDS.length)),
        KINDS,
      ),
      visit_date: { kind: 'date', values: dates, valid: new Uint8Array(V).fill(1) },
      stay: f64(
        Float64Array.from({ length: V }, () => Math.round(10 * Math.max(0, 2 + 3 * gauss())) / 10),
        present(V, 0.1),
      ),
    },
  };

  // Labs per visit: milder skew (σ = 0.7); each visit's labs contiguous, in visit order.
  const L = spec.labs;
  const labVisit = spread(L, V, 0.7, r, gauss);
  const testCodes = Int32Array.from({ length: L }, () => skewed(TESTS.length));
  const labs: CohortTable = {
    rows: L,
    columns: {
      visit_id: f64(
        Float64Array.from(labVisit, (v) => (r() < spec.dangling ? V + 1 + Math.floor(r() * 1000) : v + 1)),
        present(L, 0.001),
      ),
      test: dict(testCodes, TESTS),
      value: f64(
        Float64Array.from(testCodes, (t) => Math.round(100 * (10 * (t + 1) + (t + 1) * gauss())) / 100),
        present(L, 0.03),
      ),
    },
  };
  return { spec, tables: { patients, sites, visits, labs } };
}

/**
 * `total` items spread over `owners` with lognormal weights of spread σ: each owner's count is
 * the floor of its share, and the remainder goes one by one to random owners. Returns the owner
 * of each item, ascending (owner 0's items first).
 */
function spread(total: number, owners: number, sigma: number, r: () => number, gauss: () => number): Int32Array {
  const weights = Float64Array.from({ length: owners }, () => Math.exp(sigma * gauss()));
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = Int32Array.from(weights, (w) => Math.floor((w / sum) * total));
  let given = counts.reduce((a, b) => a + b, 0);
  while (given < total && owners > 0) {
    counts[Math.floor(r() * owners)]++;
    given++;
  }
  const out = new Int32Array(total);
  for (let o = 0, k = 0; o < owners; o++) out.fill(o, k, (k += counts[o]));
  return out;
}

function f64(values: Float64Array, valid = new Uint8Array(values.length).fill(1)): CohortColumn {
  return { kind: 'f64', values, valid };
}

/** A dictionary column; the dictionary is sorted by code point (the storage contract) and the codes remapped. */
function dict(codes: Int32Array, words: string[], valid = new Uint8Array(codes.length).fill(1)): CohortColumn {
  const sorted = [...words].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)); // ASCII words: code unit order is code point order
  const rank = new Map(sorted.map((w, i) => [w, i]));
  const remap = Int32Array.from(words, (w) => rank.get(w)!);
  return { kind: 'dict', codes: Int32Array.from(codes, (c) => remap[c]), dictionary: sorted, valid };
}
