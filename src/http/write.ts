// The one module that writes responses: JSON (and Arrow) bodies, error bodies (also on a raw socket), 304s.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import { type HttpError, toHttpError } from './errors.ts';

/** Writes a JSON body (omitted for HEAD) with the given status and headers; returns the bytes. */
export function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Buffer {
  const bytes = Buffer.from(JSON.stringify(body));
  sendBytes(req, res, status, bytes, headers);
  return bytes;
}

// Every JSON answer also carries `X-Content-Type-Options: nosniff`, so no browser reads a body (which may
// echo input) as HTML or script.
// Every answer depends on the credentials and, through CORS, on the origin; a route with an Arrow
// body (API.md §16) also on Accept.
export const VARY = 'Authorization, Origin';
export const VARY_ACCEPT = 'Authorization, Origin, Accept';
export const JSON_TYPE = 'application/json; charset=utf-8';

/** Writes an already-serialised body (JSON unless `type` says otherwise) in one writeHead + end (the cheapest path Node has). */
export function sendBytes(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  bytes: Buffer,
  headers: Record<string, string>,
  type = JSON_TYPE,
  vary = VARY,
): void {
  res.writeHead(status, {
    Vary: vary,
    ...headers,
    'Content-Type': type,
    'X-Content-Type-Options': 'nosniff',
    'Content-Length': bytes.length,
  });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

/**
 * The header list of a 200 answer as flat [name, value, …] pairs, built once per cached
 * reply so that a repeat writes it as is (Node's fast path for raw header arrays).
 */
export function toRawHeaders(bytes: Buffer, headers: Record<string, string>, type = JSON_TYPE, vary = VARY): string[] {
  const raw = ['Vary', vary];
  for (const [k, v] of Object.entries(headers)) raw.push(k, v);
  raw.push('Content-Type', type, 'X-Content-Type-Options', 'nosniff', 'Content-Length', String(bytes.length));
  return raw;
}

/**
 * Writes a cached answer: its prebuilt headers (plus per-request ones such as CORS) and body. The
 * per-request ones go right after `Vary`, where sendBytes puts them, so a hit writes its miss's bytes.
 */
export function sendCached(
  req: IncomingMessage,
  res: ServerResponse,
  raw: string[],
  bytes: Buffer,
  extra: string[],
): void {
  res.writeHead(200, extra.length ? [raw[0], raw[1], ...extra, ...raw.slice(2)] : raw);
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

/** Writes plain text (for /metrics). */
export function sendText(res: ServerResponse, text: string, contentType: string): void {
  const bytes = Buffer.from(text);
  res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': bytes.length });
  res.end(bytes);
}

/** Writes a 304 Not Modified with the validator and caching headers. */
export function sendNotModified(res: ServerResponse, headers: Record<string, string>, vary = VARY): void {
  res.statusCode = 304;
  res.setHeader('Vary', vary);
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.end();
}

/** Writes any thrown value as the API error body; errors without a mapping become a bare 500 INTERNAL. */
export function sendError(
  req: IncomingMessage,
  res: ServerResponse,
  err: unknown,
  headers: Record<string, string> = {},
): HttpError {
  const e = toHttpError(err);
  sendJson(req, res, e.status, e.toJSON(), { ...headers, ...e.headers });
  return e;
}

/** A whole HTTP/1.1 error response as text, for a socket that never became a request (then closed). */
export function toRawErrorResponse(err: HttpError): string {
  const body = JSON.stringify(err.toJSON());
  const extra = Object.entries(err.headers ?? {})
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return (
    `HTTP/1.1 ${err.status} ${STATUS_CODES[err.status]}\r\nContent-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\n${extra}` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}
