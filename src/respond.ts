// The one module that writes responses: JSON bodies, error bodies, CORS and caching headers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from './config.ts';
import { HttpError } from './errors.ts';

const EXPOSED = 'ETag, Link, X-Total-Count';

/** CORS headers for an allowed Origin (echoed, never `*`), else none. */
export function toCorsHeaders(req: IncomingMessage, config: Config): Record<string, string> {
  const origin = req.headers.origin;
  if (!origin || !(config.corsOrigins.includes(origin) || config.corsOrigins.includes('*'))) return {};
  return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true', 'Access-Control-Expose-Headers': EXPOSED };
}

/** Writes a JSON body (omitted for HEAD) with the given status and headers; returns the text. */
export function sendJson(req: IncomingMessage, res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): string {
  const text = JSON.stringify(body);
  sendText(req, res, status, text, headers);
  return text;
}

/** Writes already-serialised JSON. */
export function sendText(req: IncomingMessage, res: ServerResponse, status: number, text: string, headers: Record<string, string>): void {
  res.statusCode = status;
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(req.method === 'HEAD' ? undefined : text);
}

/** Writes a 304 Not Modified with the validator and caching headers. */
export function sendNotModified(res: ServerResponse, headers: Record<string, string>): void {
  res.statusCode = 304;
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.end();
}

/** Writes any thrown value as the API error body; unknown errors become a bare 500 INTERNAL. */
export function sendError(req: IncomingMessage, res: ServerResponse, err: unknown, headers: Record<string, string> = {}): void {
  const e = err instanceof HttpError ? err : new HttpError(500, 'INTERNAL', 'The server failed to answer this request; it has been logged.');
  sendJson(req, res, e.status, e.toJSON(), { ...headers, ...e.headers });
}
