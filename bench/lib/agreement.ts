// Do replicas answer as one? Status, body bytes and ETags per request, and If-None-Match across replicas.
import { USERS } from './corpus.ts';
import { note } from './log.ts';
import type { RawClient, RawReply } from './raw-get.ts';

export type Request = { path: string; user: number }; // a corpus path for one of USERS
export type Answers = RawReply[][]; // [request][replica]

/** Pairs (replica 0 vs each other replica, per request) whose status, body bytes or ETag differ; and which JSON keys differ most. */
export function compareReplicas(label: string, requests: Request[], answers: Answers) {
  let status = 0,
    body = 0,
    etag = 0,
    pairs = 0,
    tagged = 0,
    sameTag = 0;
  const keys = new Map<string, number>();
  for (let i = 0; i < requests.length; i++) {
    const [a, ...others] = answers[i];
    for (const b of others) {
      pairs++;
      if (a.status !== b.status) status++;
      if (a.status !== b.status || !a.body.equals(b.body)) {
        body++;
        for (const k of differingKeys(a.body, b.body)) keys.set(k, (keys.get(k) ?? 0) + 1);
        if (a.etag && a.etag === b.etag) sameTag++;
      }
      if (a.etag || b.etag) tagged++;
      if (a.etag !== b.etag) etag++;
    }
  }
  const top = [...keys]
    .sort((x, y) => y[1] - x[1])
    .slice(0, 3)
    .map(([k, n]) => `${k} ×${n}`)
    .join(', ');
  note(
    `fleet (${label}): of ${pairs} pairs, ${status} differ in status, ${body} in body${top ? ` (keys: ${top})` : ''}, ${etag} in ETag; ${sameTag} share an ETag with a different body`,
  );
  return { status, body, etag, pairs, tagged, sameTag, keys: top ? `differ in ${top}` : '' };
}

/** The names of the JSON leaves that differ between two bodies (the whole body when either is not JSON). */
function differingKeys(a: Buffer, b: Buffer): Set<string> {
  const out = new Set<string>();
  let x: unknown, y: unknown;
  try {
    x = JSON.parse(a.toString());
    y = JSON.parse(b.toString());
  } catch {
    out.add('(not JSON)');
    return out;
  }
  const walk = (p: unknown, q: unknown, key: string) => {
    if (typeof p === 'object' && p !== null && typeof q === 'object' && q !== null) {
      for (const k of new Set([...Object.keys(p), ...Object.keys(q)]))
        walk((p as Record<string, unknown>)[k], (q as Record<string, unknown>)[k], Array.isArray(p) ? key : k);
    } else if (p !== q) out.add(key);
  };
  walk(x, y, '(body)');
  return out;
}

/** Sends each 200's ETag from one replica to every other as If-None-Match; a 304 is right only when their bodies are equal. */
export async function crossRevalidate(
  client: RawClient,
  origins: string[],
  requests: Request[],
  answers: Answers,
  parallel: number,
) {
  const jobs: { i: number; from: number; to: number }[] = [];
  for (let i = 0; i < requests.length; i++) {
    for (let from = 0; from < origins.length; from++) {
      if (answers[i][from].status !== 200 || !answers[i][from].etag) continue;
      for (let to = 0; to < origins.length; to++) if (to !== from) jobs.push({ i, from, to });
    }
  }
  let notModified = 0,
    wrong = 0;
  await mapLimit(jobs, parallel, async ({ i, from, to }) => {
    const r = await client.get(origins[to], requests[i].path, {
      ...USERS[requests[i].user].headers,
      'if-none-match': answers[i][from].etag!,
    });
    if (r.status === 304) {
      notModified++;
      if (!answers[i][from].body.equals(answers[i][to].body)) wrong++;
    }
  });
  const rate = jobs.length ? (100 * notModified) / jobs.length : 0;
  note(
    `fleet: cross-replica If-None-Match: ${notModified} of ${jobs.length} → 304 (${rate.toFixed(1)}%), ${wrong} for a different body`,
  );
  return { tried: jobs.length, notModified, rate, wrong };
}

/** Runs `fn` over `items` with at most `limit` in flight; results in item order. */
export async function mapLimit<T, R>(
  items: T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}
