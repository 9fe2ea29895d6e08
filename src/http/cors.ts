// CORS (API.md §10): allowed origins echoed with credentials, never `*`; the headers of a preflight answer.
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config.ts';

const EXPOSED = 'ETag, Link, X-Total-Count';
export const ALLOW = 'GET, HEAD, OPTIONS';

/** CORS headers for an allowed Origin (echoed, never `*`), else none. */
export function toCorsHeaders(req: IncomingMessage, config: Config): Record<string, string> {
  const origin = req.headers.origin;
  if (!origin || !(config.corsOrigins.includes(origin) || config.corsOrigins.includes('*'))) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Expose-Headers': EXPOSED,
  };
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
