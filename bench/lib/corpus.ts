// The fleet corpus: request paths built from a running demo catalog through its own API, for three users.
import type { RawClient } from './raw-get.ts';

export type User = { name: string; headers: Record<string, string> };

/** Anonymous, a group member and a privileged user: the three visibilities of the demo catalog. */
export const USERS: User[] = [
  { name: 'anonymous', headers: {} },
  { name: 'finance', headers: { authorization: 'Bearer sorrel-demo-finance' } },
  { name: 'admin', headers: { authorization: 'Bearer sorrel-demo-admin' } },
];

type FieldDoc = { id: number; app_name: string; simple_type: string; enumerable: boolean };
type Values = { values: { value: unknown; label: string }[] };

const SEARCHES = [
  'gentoo',
  'spielberg',
  '"box office"',
  'gross',
  '-rating',
  '"miles per"',
  'temp',
  'penguin',
  'year -gapminder',
  'zzzz',
  'café',
  'rating imdb',
];

/**
 * Every list variant, every concept and field (as the privileged user lists them, so other users
 * meet 404s too), each field's values (pages, label query, seeded random draw), dist (alone and
 * with a second dimension), stats, and aware values/dist/stats under a context on another field of
 * its dataset. Deterministic: the same catalog gives the same paths in the same order.
 */
export async function buildCorpus(client: RawClient, origin: string): Promise<string[]> {
  const getJson = async <T>(path: string, user = USERS[2]): Promise<T> => {
    const r = await client.get(origin, path, user.headers);
    if (r.status !== 200)
      throw new Error(`Building the corpus: GET ${path} → ${r.status}: ${r.body.toString().slice(0, 300)}`);
    return JSON.parse(r.body.toString()) as T;
  };
  const q = (params: Record<string, string | number | boolean>) =>
    `?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`;
  const paths: string[] = ['/api/', '/api/concepts/', '/api/fields/'];
  for (const list of ['concepts', 'fields']) {
    paths.push(
      `/api/${list}/${q({ sort: 'name' })}`,
      `/api/${list}/${q({ sort: 'name', order: 'desc' })}`,
      `/api/${list}/${q({ limit: 5, offset: 5 })}`,
      `/api/${list}/${q({ published: true })}`,
      `/api/${list}/${q({ archived: false })}`,
      `/api/${list}/${q({ published: false })}`,
      ...SEARCHES.map((s) => `/api/${list}/${q({ query: s })}`),
    );
  }
  paths.push(`/api/concepts/${q({ embed: true })}`);

  const concepts = await getJson<{ id: number }[]>('/api/concepts/');
  for (const c of concepts)
    paths.push(
      `/api/concepts/${c.id}/`,
      `/api/concepts/${c.id}/fields/`,
      `/api/concepts/${c.id}/${q({ embed: true })}`,
    );

  // One context per dataset, on a field every user sees: an enumerable field's second value, else a
  // number field from its median up.
  const fields = await getJson<FieldDoc[]>('/api/fields/');
  const open = new Set((await getJson<FieldDoc[]>('/api/fields/', USERS[0])).map((f) => f.id));
  const contexts = new Map<string, { field: number; json: string }>();
  for (const f of fields) {
    if (contexts.has(f.app_name) || !open.has(f.id)) continue;
    if (f.enumerable) {
      const v = await getJson<Values>(`/api/fields/${f.id}/values/`);
      if (v.values.length >= 2)
        contexts.set(f.app_name, {
          field: f.id,
          json: JSON.stringify({ field: f.id, operator: 'exact', value: v.values[1].value }),
        });
    }
  }
  for (const f of fields) {
    if (contexts.has(f.app_name) || !open.has(f.id) || f.simple_type !== 'number') continue;
    const s = await getJson<{ p50: number }>(`/api/fields/${f.id}/stats/`);
    contexts.set(f.app_name, {
      field: f.id,
      json: JSON.stringify({ field: f.id, operator: 'gte', value: s.p50 }),
    });
  }

  for (const f of fields) {
    const base = `/api/fields/${f.id}/`;
    const first = await getJson<Values>(`${base}values/${q({ limit: 1 })}`);
    const label = first.values[0]?.label ?? 'a';
    const other =
      fields.find(
        (g) =>
          g.app_name === f.app_name && g.id !== f.id && (g.simple_type === 'number') === (f.simple_type === 'number'),
      ) ?? fields.find((g) => g.app_name === f.app_name && g.id !== f.id);
    const context = contexts.get(f.app_name);
    paths.push(
      base,
      `${base}values/`,
      `${base}values/${q({ limit: 5, page: 2 })}`,
      `${base}values/${q({ query: label.slice(0, 3) })}`,
      `${base}values/${q({ random: 5, seed: 7 })}`,
      `${base}dist/`,
      `${base}stats/`,
    );
    if (other) paths.push(`${base}dist/${q({ dimensions: other.id, cluster: false, sort: 'count' })}`);
    if (context && context.field !== f.id) {
      for (const end of ['values', 'dist', 'stats'])
        paths.push(`${base}${end}/${q({ aware: true, context: context.json })}`);
    }
  }
  return paths;
}
