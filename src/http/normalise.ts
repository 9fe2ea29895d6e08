// The normalised request: absolute base URL for _links, canonical path and query, and the key that names an answer.
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config.ts';

/** The absolute origin (+ prefix) for _links: configured, or from the request (and proxy headers when trusted). */
export function toBaseUrl(req: IncomingMessage, config: Config): string {
  if (config.baseUrl) return config.baseUrl.replace(/\/+$/, '');
  const host = req.headers.host ?? 'localhost';
  if (!config.trustProxy) {
    // The same Host as the last request gives the same string object: no string built, and the
    // parse memo compares it by reference.
    if (host !== last.host) last = { host, baseUrl: `http://${host}` };
    return last.baseUrl;
  }
  const proto = first(req.headers['x-forwarded-proto']) || 'http';
  let prefix = (first(req.headers['x-forwarded-prefix']) ?? '').replace(/\/+$/, '');
  if (prefix && !prefix.startsWith('/')) prefix = `/${prefix}`;
  return `${proto}://${first(req.headers['x-forwarded-host']) || host}${prefix}`;
}

const first = (h: string | string[] | undefined) => (Array.isArray(h) ? h[0] : h)?.split(',')[0].trim();
let last = { host: '', baseUrl: 'http://' };

/** The path with percent-escapes decoded, so `/api/fields/%31/` and `/api/fields/1/` share an ETag. */
export function toCanonicalPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The If-None-Match tags of a request, compared weakly (RFC 9110 §13.1.2): `W/` dropped. */
export function toMatchTags(req: IncomingMessage): string[] {
  return (req.headers['if-none-match'] ?? '').split(',').map((t) => t.trim().replace(/^W\//, ''));
}
