// Answering one API request: authenticate, name the answer (ETag), reuse a cached reply, else run the handler;
// a POST (a read with a JSON body) runs its handler uncached.
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Request } from 'polka';
import type { Config } from '../config.ts';
import type { User } from '../contract/model.ts';
import type { Pool } from '../contract/pool.ts';
import { readJsonBody } from './body.ts';
import { createParseMemo, type KnownRequest, type ParseMemo, toParseMemoBytes } from './parse-memo.ts';
import type { Snapshot } from '../snapshot/build/create.ts';
import { toVisibilityKey } from '../snapshot/visibility.ts';
import { appliesTo } from '../common/disclosure.ts';
import { toCorsHeaders } from './cors.ts';
import { notReady } from './errors.ts';
import type { Query, Reply, RequestContext, Route } from './route.ts';
import type { Metrics } from './metrics.ts';
import type { ReplyCache } from './reply-cache.ts';
import { toBaseUrl, toCanonicalPath, toMatchTags } from './normalise.ts';
import { sendBytes, sendCached, sendJson, sendNotModified, toRawHeaders, VARY, VARY_ACCEPT } from './write.ts';
import { ARROW_STREAM, type Representation, toRepresentation } from './accept.ts';
import type { ClientLimit } from './rate-limit.ts';

export type ApiRequest = Request & { query: Query; params: Record<string, string>; route?: string; userName?: string };

const NO_HEADERS: Record<string, string> = Object.freeze({}) as Record<string, string>;
const NO_TAGS: string[] = [];
const NO_RAW: string[] = [];
const NEVER = new AbortController().signal; // replaced once the answer is not served from cache
const noBody = async (): Promise<unknown> => undefined;

export type AnswerOptions = {
  state: { snapshot: Snapshot | null };
  pool: Pool;
  config: Config;
  replies: ReplyCache;
  metrics: Metrics;
  /** Charges the client for uncached work (a miss, a POST); throws 429 when it has none left. */
  limit: ClientLimit;
};

/** Creates the function that answers a request on a route from the snapshot current at its start. */
export function createAnswer({ state, pool, config, replies, metrics, limit }: AnswerOptions) {
  // Parses by raw request, for the snapshot current now; a new snapshot starts a new memo.
  const parseBytes = toParseMemoBytes(config.replyCacheBytes);
  let parses: { version: string; memo: ParseMemo } = { version: '', memo: createParseMemo(parseBytes) };
  // A reply-cache hit is answered synchronously: no promise, no microtask. Only a JWT (verified
  // asynchronously), a POST and a miss (which may run a task) return a promise.
  return function answer<P>(req: ApiRequest, res: ServerResponse, route: Route<P>): void | Promise<void> {
    const snapshot = state.snapshot;
    if (!snapshot) throw notReady();
    const auth = snapshot.authenticate(req.headers.authorization);
    if (auth instanceof Promise) return auth.then((user) => answerAs(req, res, route, snapshot, user));
    return answerAs(req, res, route, snapshot, auth);
  };

  function answerAs<P>(
    req: ApiRequest,
    res: ServerResponse,
    route: Route<P>,
    snapshot: Snapshot,
    user: User,
  ): void | Promise<void> {
    req.userName = user.name;
    const baseUrl = toBaseUrl(req, config);
    const cors = req.headers.origin === undefined ? NO_HEADERS : toCorsHeaders(req, config);
    // A route with an Arrow body answers by Accept (API.md §16); its answers vary by it.
    const representation: Representation = route.arrow ? toRepresentation(req.headers.accept) : 'json';
    const vary = route.arrow ? VARY_ACCEPT : VARY;
    if (req.method === 'POST' && route.post) {
      // Never cached or validated by the GET rules: the answer depends on the body. The body is read
      // only when the handler asks, after it has checked the path (an unknown field is a 404 whatever the body).
      limit(req, user);
      const ctx = toContext(req, snapshot, pool, config, user, baseUrl, 'json');
      ctx.signal = toCloseSignal(res);
      ctx.readBody = () => readJsonBody(req, config.maxBodyBytes);
      const post = route.post;
      return run(ctx.signal, () => post(ctx)).then((reply) => {
        if (reply) sendJson(req, res, 200, reply.body, { ...cors, 'Cache-Control': 'no-store', ...reply.headers });
      });
    }
    // Validation first: the answer is named by the normalised request (parsed and defaulted values in
    // the route's order, unknown parameters dropped), so equal answers share one validator everywhere.
    // A request seen before (same data, visibility, origin and raw URL) reuses its parse and its key.
    const visibility = toVisibilityKey(user);
    if (parses.version !== snapshot.version) parses = { version: snapshot.version, memo: createParseMemo(parseBytes) };
    let ctx: RequestContext | null = null;
    let known = parses.memo.recall(req.url, visibility, baseUrl, route.name) as KnownRequest<P> | undefined;
    if (!known) {
      ctx = toContext(req, snapshot, pool, config, user, baseUrl, representation);
      const parsed = route.parse(ctx);
      // A strong validator from data version + visibility + normalised request, known before any
      // compute, so a matching If-None-Match costs nothing. An answer that does not repeat (an
      // unseeded random draw) has none, and its parse is not kept.
      const repeatable = parsed.repeatable ?? true;
      const key = repeatable
        ? JSON.stringify([
            snapshot.version,
            visibility,
            // Whether the small-count rule applies (API.md §15): suppressed and exact answers never share a key or an ETag.
            appliesTo(snapshot.disclosure, user),
            baseUrl,
            route.name,
            toCanonicalPath(ctx.path),
            parsed.canonical,
          ])
        : '';
      known = { parsed, key };
      if (repeatable) parses.memo.keep(req.url, visibility, baseUrl, route.name, known);
    }
    const { parsed } = known;
    // Each representation is an answer of its own: its own cache entry and ETag.
    const key = representation === 'arrow' && known.key !== '' ? `${known.key}\n${ARROW_STREAM}` : known.key;
    const repeatable = key !== '';
    const noTags = req.headers['if-none-match'] === undefined;
    // The normalised request is the reply cache's key; the ETag is its hash, kept with the cached
    // answer (and its whole header list) so a hit hashes and builds nothing.
    const hit = repeatable ? replies.get(key) : undefined;
    if (repeatable) metrics.countCache(hit !== undefined);
    if (hit && noTags)
      return sendCached(req, res, hit.raw, hit.body, cors === NO_HEADERS ? NO_RAW : Object.entries(cors).flat());
    // `*` matches only an answer that exists, so it is checked after the answer.
    const tags = noTags ? NO_TAGS : toMatchTags(req);
    const matchesAny = tags.includes('*');
    const headers: Record<string, string> = { ...cors, 'Cache-Control': config.cacheControl };
    if (repeatable) {
      const etag = hit?.etag ?? `"${createHash('sha1').update(key).digest('base64url')}"`;
      headers.ETag = etag;
      if (tags.includes(etag) || (hit && matchesAny)) return sendNotModified(res, headers, vary);
      if (hit)
        return sendCached(req, res, hit.raw, hit.body, cors === NO_HEADERS ? NO_RAW : Object.entries(cors).flat());
    }
    limit(req, user); // cached replies and 304s above are free; work from here on is charged
    ctx ??= toContext(req, snapshot, pool, config, user, baseUrl, representation);
    ctx.canonical = parsed.canonical;
    return answerMiss(req, res, route, ctx, parsed.params, key, headers, matchesAny, vary);
  }

  /** Runs the route's handler (its task, if any, cancelled when the client goes away) and caches a repeatable answer. */
  async function answerMiss<P>(
    req: ApiRequest,
    res: ServerResponse,
    route: Route<P>,
    ctx: RequestContext,
    params: P,
    key: string,
    headers: Record<string, string>,
    matchesAny: boolean,
    vary: string,
  ): Promise<void> {
    // Only work that may take a while needs to learn that the client went away.
    const signal = toCloseSignal(res);
    ctx.signal = signal;
    const reply = await run(signal, () => route.answer(ctx, params));
    if (!reply) return;
    if (matchesAny) return sendNotModified(res, headers, vary);
    const bytes = reply.bytes ?? Buffer.from(JSON.stringify(reply.body));
    sendBytes(req, res, 200, bytes, { ...headers, ...reply.headers }, reply.type, vary);
    if (headers.ETag) {
      const { 'Cache-Control': cacheControl, ETag: etag } = headers;
      replies.set(
        key,
        etag,
        bytes,
        toRawHeaders(bytes, { 'Cache-Control': cacheControl, ETag: etag, ...reply.headers }, reply.type, vary),
      );
    }
  }
}

/** The context a route's parse and answer see (built off the hit path only; no closure per request). */
function toContext(
  req: ApiRequest,
  snapshot: Snapshot,
  pool: Pool,
  config: Config,
  user: User,
  baseUrl: string,
  representation: Representation,
): RequestContext {
  return {
    snapshot,
    pool,
    config,
    user,
    path: req.path.endsWith('/') ? req.path : `${req.path}/`,
    params: req.params,
    query: req.query,
    baseUrl,
    canonical: [],
    signal: NEVER,
    readBody: noBody,
    representation,
  };
}

/** A signal aborted when the client goes away before the answer is written. */
function toCloseSignal(res: ServerResponse): AbortSignal {
  const ac = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) ac.abort();
  });
  return ac.signal;
}

/** Runs a handler; null when the client went away (its task was cancelled, nothing to write). */
async function run(signal: AbortSignal, handle: () => Reply | Promise<Reply>): Promise<Reply | null> {
  try {
    const reply = await handle();
    return signal.aborted ? null : reply;
  } catch (err) {
    if (signal.aborted) return null;
    throw err;
  }
}
