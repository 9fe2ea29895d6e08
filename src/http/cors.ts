// CORS (API.md §10): listed origins echoed with credentials, `*` answered `*` without them, `null` never; preflight headers.
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config.ts';

const EXPOSED = 'ETag, Link, X-Total-Count';
export const ALLOW = 'GET, HEAD, OPTIONS';

const ANY: Record<string, string> = Object.freeze({
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': EXPOSED,
}) as Record<string, string>;

/**
 * CORS headers for the request's Origin. An origin listed by name is echoed with
 * `Access-Control-Allow-Credentials: true`. A `*` entry lets any other origin read answers, but as
 * `Access-Control-Allow-Origin: *` without credentials: a page from anywhere may send its own
 * bearer token (an explicit header), never ride on what the browser holds for a listed origin.
 * The opaque origin `null` (sandboxed frames, `data:` and `file:` pages, some redirects) is never
 * allowed, even when listed: anyone can send it.
 */
export function toCorsHeaders(req: IncomingMessage, config: Config): Record<string, string> {
  const origin = req.headers.origin;
  if (!origin || origin === 'null') return {};
  if (config.corsOrigins.includes(origin))
    return {
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Credentials': 'true',
      'Access-Control-Expose-Headers': EXPOSED,
    };
  return config.corsOrigins.includes('*') ? ANY : {};
}

/** The headers of a 204 answer to an OPTIONS preflight; `allow` = the methods of the requested path. */
export function toPreflightHeaders(req: IncomingMessage, config: Config, allow = ALLOW): Record<string, string> {
  return {
    ...toCorsHeaders(req, config),
    Vary: 'Authorization, Origin',
    Allow: allow,
    'Access-Control-Allow-Methods': allow,
    'Access-Control-Allow-Headers': 'Authorization, If-None-Match, Content-Type',
    'Access-Control-Max-Age': '600',
  };
}
