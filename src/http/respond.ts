// The one module that writes responses: JSON bodies, error bodies, CORS and caching headers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../config.ts';
import { HttpError } from './errors.ts';

const EXPOSED = 'ETag, Link, X-Total-Count';

/** CORS headers for an allowed Origin (echoed, never `*`), else none. */
export function toCorsHeaders(req: IncomingMessage, config: Config): Record<string, string> {
  const origin = req.headers.origin;
  if (!origin || !(config.corsOrigins.includes(origin) || config.corsOrigins.includes('*'))) return {};
  return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true', 'Access-Control-Expose-Headers': EXPOSED };
}

/** Writes a JSON body (omitted for HEAD) with the given status and headers; returns the bytes. */
export function sendJson(req: IncomingMessage, res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): Buffer {
  const bytes = Buffer.from(JSON.stringify(body));
  sendBytes(req, res, status, bytes, headers);
  return bytes;
}

/** Writes already-serialised JSON in one writeHead + end (the cheapest path Node has). */
export function sendBytes(req: IncomingMessage, res: ServerResponse, status: number, bytes: Buffer, headers: Record<string, string>): void {
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': bytes.length });
  res.end(req.method === 'HEAD' ? undefined : bytes);
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
