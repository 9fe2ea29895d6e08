// Finds the web catalog browser: the prebuilt files of `npm run build`, or a build from source on first use.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWeb, toMediaType, type WebAssets } from './web-build.ts';

// This file is src/http/web-assets.ts, or dist/src/http/web-assets.js once built.
const BUILT = import.meta.url.endsWith('.js');
const REPO = fileURLToPath(new URL(BUILT ? '../../../' : '../../', import.meta.url));

/** Where the sources are, and where `npm run build` writes the bundle. */
export const WEB_SOURCE = join(REPO, 'web');
export const WEB_OUTPUT = join(REPO, 'dist', 'public');

/** Writes a bundle to `dir` (index.html and assets/), replacing what was there. */
export function writeWeb(web: WebAssets, dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), web.page.bytes);
  for (const [name, file] of web.assets) writeFileSync(join(dir, 'assets', name), file.bytes);
}

/** Reads a bundle written by `writeWeb`. */
export function readWeb(dir: string): WebAssets {
  const assets = new Map(
    readdirSync(join(dir, 'assets')).map((name) => [
      name,
      { bytes: readFileSync(join(dir, 'assets', name)), type: toMediaType(extname(name)) },
    ]),
  );
  return { page: { bytes: readFileSync(join(dir, 'index.html')), type: 'text/html; charset=utf-8' }, assets };
}

/**
 * The bundle to serve. Run from dist/ (`npm start`), the files `npm run build` wrote; run from
 * source (bin/sorrel.js, the tests), a fresh in-memory build, so the page is never stale. Returns a
 * loader that builds once, on the first request for the page, and shares the result.
 */
export function createWebLoader(): () => Promise<WebAssets> {
  let pending: Promise<WebAssets> | null = null;
  return () => {
    pending ??=
      BUILT && existsSync(join(WEB_OUTPUT, 'index.html')) ? Promise.resolve(readWeb(WEB_OUTPUT)) : buildWeb(WEB_SOURCE);
    pending.catch(() => {
      pending = null;
    }); // a failed build is retried on the next request
    return pending;
  };
}
