// Answering one API request: authenticate, name the answer (ETag), reuse a cached reply, else run the handler;
// a POST (a read with a JSON body) runs its handler uncached.
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Request } from 'polka';
import type { Config } from '../config.ts';
import type { Pool } from '../contract/pool.ts';
import { readJsonBody } from './body.ts';
import type { Snapshot } from '../snapshot/create.ts';
import { toVisibilityKey } from '../snapshot/visibility.ts';
import { toCorsHeaders } from './cors.ts';
import { notReady } from './errors.ts';
import type { Handler, Query, Reply } from './handler.ts';
import type { ReplyCache } from './reply-cache.ts';
import { toBaseUrl, toCanonicalPath, toMatchTags, toSortedQuery } from './request.ts';
import { sendBytes, sendJson, sendNotModified } from './respond.ts';

export type ApiRequest = Request & { query: Query; params: Record<string, string>; route?: string; userName?: string };

/**
 * One API route: its path, its name in logs and metrics, its GET handler, whether its answer
 * repeats, and an optional POST handler (a read whose input is too large for a query string).
 */
export type Route = { path: string; name: string; handler: Handler; isRepeatable?: (query: Query) => boolean; post?: Handler };

export type AnswerOptions = { state: { snapshot: Snapshot | null }; pool: Pool; config: Config; replies: ReplyCache };

/** Creates the function that answers a request on a route from the snapshot current at its start. */
export function createAnswer({ state, pool, config, replies }: AnswerOptions) {
  return async function answer(req: ApiRequest, res: ServerResponse, route: Route): Promise<void> {
    const snapshot = state.snapshot;
    if (!snapshot) throw notReady();
    const auth = snapshot.authenticate(req.headers.authorization);
    const user = auth instanceof Promise ? await auth : auth; // no await (no hop) unless a JWT
    req.userName = user.name;
    const path = req.path.endsWith('/') ? req.path : `${req.path}/`;
    const baseUrl = toBaseUrl(req, config);
    const query = req.query;
    const ctx = { snapshot, pool, config, user, path, params: req.params, query, baseUrl };

    if (req.method === 'POST' && route.post) {
      // Never cached or validated: the answer depends on the body. The body is read only when the
      // handler asks, after it has checked the path (an unknown field is a 404 whatever the body).
      const signal = toCloseSignal(res);
      const reply = await run(signal, () => route.post!({ ...ctx, signal, readBody: () => readJsonBody(req, config.maxBodyBytes) }));
      if (!reply) return;
      sendJson(req, res, 200, reply.body, { ...toCorsHeaders(req, config), 'Cache-Control': 'no-store', ...reply.headers });
      return;
    }

    const headers: Record<string, string> = { ...toCorsHeaders(req, config), 'Cache-Control': config.cacheControl };

    // A strong validator from data version + visibility + normalised request, known before any work,
    // so a matching If-None-Match costs nothing. An answer that does not repeat (an unseeded random
    // draw) has none. `*` matches only an answer that exists, so it is checked after the handler.
    const repeatable = route.isRepeatable?.(query) ?? true;
    const tags = toMatchTags(req);
    const matchesAny = tags.includes('*');
    // The normalised request is the reply cache's key; the ETag is its hash, kept with the cached
    // answer so a hit hashes nothing.
    const key = repeatable ? JSON.stringify([snapshot.version, toVisibilityKey(user), baseUrl, toCanonicalPath(path), toSortedQuery(query)]) : '';
    if (repeatable) {
      const hit = replies.get(key);
      const etag = hit?.etag ?? `"${createHash('sha1').update(key).digest('base64url')}"`;
      headers.ETag = etag;
      if (tags.includes(etag)) return sendNotModified(res, headers);
      if (hit) return matchesAny ? sendNotModified(res, headers) : sendBytes(req, res, 200, hit.body, { ...headers, ...hit.headers });
    }
    const signal = toCloseSignal(res);
    const reply = await run(signal, () => route.handler({ ...ctx, signal, readBody: async () => undefined }));
    if (!reply) return;
    if (matchesAny) return sendNotModified(res, headers);
    const bytes = sendJson(req, res, 200, reply.body, { ...headers, ...reply.headers });
    if (headers.ETag) replies.set(key, headers.ETag, bytes, reply.headers ?? {});
  };
}

/** A signal aborted when the client goes away before the answer is written. */
function toCloseSignal(res: ServerResponse): AbortSignal {
  const ac = new AbortController();
  res.on('close', () => { if (!res.writableFinished) ac.abort(); });
  return ac.signal;
}

/** Runs a handler; null when the client went away (its task was cancelled, nothing to write). */
async function run(signal: AbortSignal, handle: () => ReturnType<Handler>): Promise<Reply | null> {
  try {
    const reply = await handle();
    return signal.aborted ? null : reply;
  } catch (err) {
    if (signal.aborted) return null;
    throw err;
  }
}
