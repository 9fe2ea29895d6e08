// Test helper: the hand-worked tree. Four patients, six visits, eight labs, three sites; answers are worked out in the tests.
//
// patients (root, key patient_id)   sites (key site_id)          visits (key visit_id)                      labs
// row id sex age                    row id  region beds          row id  patient site kind  → entity        row visit test value → entity
//  0  1  F   30                      0  A   north  10             0  10  1       A    er      p1             0  10   hb   12      p1
//  1  2  M   40                      1  B   south  20             1  11  1       B    out     p1             1  10   na   140     p1
//  2  3  F   null                    2  C   north  null           2  12  2       A    out     p2             2  11   hb   14      p1
//  3  4  M   50                                                   3  13  3       null er      p3             3  12   hb   9       p2
//                                                                 4  14  9 (dangling) B out  —              4  14   hb   11      — (visit 14 has no patient)
//                                                                 5  15  2       Z (dangling) null p2        5  99   na   135     — (dangling)
//                                                                                                           6  13   na   null    p3
//                                                                                                           7  15   hb   13      p2
// Visits are not clustered by patient (p2 at rows 2 and 5). visit_id is biginteger in visits
// and integer in labs. J(sites) = visits rows 0, 1, 2: (p1, A), (p1, B), (p2, A).
import { dict, f64, i64 } from '../table.ts';
import { makeTree } from './fixture.ts';

export const tiny = () => makeTree('patients', tinyTables());

/** The hand-worked tables above, unindexed. */
export const tinyTables = () => ({
  patients: {
    key: 'patient_id',
    columns: {
      patient_id: f64([1, 2, 3, 4]),
      sex: dict(['F', 'M', 'F', 'M']),
      age: f64([30, 40, null, 50]),
    },
  },
  sites: {
    key: 'site_id',
    columns: {
      site_id: dict(['A', 'B', 'C']),
      region: dict(['north', 'south', 'north']),
      beds: f64([10, 20, null]),
    },
  },
  visits: {
    key: 'visit_id',
    links: [
      { column: 'patient_id', to: 'patients' },
      { column: 'site_id', to: 'sites' },
    ],
    columns: {
      visit_id: i64([10n, 11n, 12n, 13n, 14n, 15n]),
      patient_id: f64([1, 1, 2, 3, 9, 2]),
      site_id: dict(['A', 'B', 'A', null, 'B', 'Z']),
      kind: dict(['er', 'out', 'out', 'er', 'out', null]),
    },
  },
  labs: {
    links: [{ column: 'visit_id', to: 'visits' }],
    columns: {
      visit_id: f64([10, 10, 11, 12, 14, 99, 13, 15]),
      test: dict(['hb', 'na', 'hb', 'hb', 'hb', 'na', 'na', 'hb']),
      value: f64([12, 140, 14, 9, 11, 135, null, 13]),
    },
  },
});

/** Entity index of each patient: the root row. */
export const P = { p1: 0, p2: 1, p3: 2, p4: 3 };
