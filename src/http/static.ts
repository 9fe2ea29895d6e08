// Serves the web catalog browser: the page at `/` and its content-hashed assets under `/assets/`.
import { toEchoText } from '../common/echo.ts';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from './errors.ts';
import { createWebLoader } from './web-assets.ts';
import type { WebFile } from './web-build.ts';

type Req = IncomingMessage & { params: Record<string, string>; path: string; route?: string };
type Router = { get(path: string, handler: (req: Req, res: ServerResponse) => Promise<void>): unknown };

/**
 * No inline script and nothing from elsewhere. Styles allow 'unsafe-inline' because the chart
 * library (Observable Plot) writes a <style> element and style attributes into each chart's SVG.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const COMMON = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Registers GET `/` (revalidated on every visit) and GET `/assets/:name` (cached for a year). */
export function addWebRoutes(app: Router): void {
  const load = createWebLoader();
  app.get('/', async (req, res) => {
    req.route = 'web';
    const { page } = await load();
    send(req, res, page, {
      'Cache-Control': 'no-cache',
      ETag: `"${createHash('sha256').update(page.bytes).digest('base64url').slice(0, 27)}"`,
    });
  });
  app.get('/assets/:name', async (req, res) => {
    req.route = 'web';
    const file = (await load()).assets.get(req.params.name);
    if (!file)
      throw new HttpError(404, 'NOT_FOUND', `No asset ${toEchoText(req.path)}; the page names its assets, reload it.`);
    send(req, res, file, { 'Cache-Control': IMMUTABLE });
  });
}

function send(req: Req, res: ServerResponse, file: WebFile, headers: Record<string, string>): void {
  const all = { ...COMMON, ...headers, 'Content-Type': file.type };
  if (headers.ETag && req.headers['if-none-match']?.split(',').some((t) => t.trim() === headers.ETag)) {
    res.writeHead(304, all);
    res.end();
    return;
  }
  res.writeHead(200, { ...all, 'Content-Length': file.bytes.length });
  res.end(req.method === 'HEAD' ? undefined : file.bytes);
}
