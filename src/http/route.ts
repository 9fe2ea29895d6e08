// What a route receives and returns: it parses (validates and normalises) first, then answers; never touches the socket.
import type { Config } from '../config.ts';
import type { User } from '../contract/model.ts';
import type { Pool } from '../contract/pool.ts';
import type { Snapshot } from '../snapshot/build/create.ts';
import type { Representation } from './accept.ts';

export type Query = Record<string, string | string[] | undefined>;

/**
 * The normalised request: each known parameter that differs from its default, as [name, value]
 * in the route's fixed order, values in canonical form. Unknown parameters are not in it. Equal
 * canonical requests get equal answers, so the ETag, the reply cache and page links derive from it.
 */
export type Canonical = [string, string][];

export type RequestContext = {
  snapshot: Snapshot;
  pool: Pool;
  config: Config;
  user: User;
  path: string; // request path, normalised to end with '/'
  params: Record<string, string>; // path parameters, e.g. { id: '12' }
  query: Query; // a repeated key arrives as an array
  baseUrl: string; // absolute origin + prefix, no trailing slash, e.g. http://h:8000
  canonical: Canonical; // set once the route has parsed the request
  signal: AbortSignal; // aborted when the client disconnects
  readBody: () => Promise<unknown>; // the parsed JSON body of a POST (415/413/400 when unfit); undefined for GET
  representation: Representation; // what Accept asks of a route with an Arrow body (always 'json' on others)
};

/** An answer: its body, or (for a large one serialised off the hot path, or an Arrow one) its bytes too, of media `type` (JSON by default). */
export type Reply = { body: unknown; bytes?: Buffer; type?: string; headers?: Record<string, string> };

/** A parsed request: the route's own parameters, their canonical form, and whether the answer repeats. */
export type Parsed<P> = { params: P; canonical: Canonical; repeatable?: boolean };

/** One API route: its path, its name in logs and metrics, how it parses a request and how it answers. */
export type Route<P = unknown> = {
  path: string;
  name: string;
  parse(ctx: RequestContext): Parsed<P>;
  answer(ctx: RequestContext, params: P): Reply | Promise<Reply>;
  /** Whether the route answers `Accept: application/vnd.apache.arrow.stream` with an Arrow body (API.md §16). */
  arrow?: boolean;
  /** A POST on the same path: a read whose input is too large for a query string (never cached). */
  post?: (ctx: RequestContext) => Promise<Reply>;
};

/** Defines a route (keeps the parse/answer parameter types tied together). */
export function defineRoute<P>(route: Route<P>): Route<P> {
  return route;
}

/** The canonical form of named values: those that are null or undefined (defaults) are left out. */
export function toCanonical(entries: [string, string | number | boolean | null | undefined][]): Canonical {
  const out: Canonical = [];
  for (const [k, v] of entries) if (v !== null && v !== undefined) out.push([k, String(v)]);
  return out;
}
