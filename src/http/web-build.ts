// Builds the web catalog browser with esbuild: one script and one style sheet named by their content hash.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

/** A built file: bytes and media type. */
export type WebFile = { bytes: Buffer; type: string };

/** The page (`index.html`, never cached long) and its immutable assets by file name. */
export type WebAssets = { page: WebFile; assets: Map<string, WebFile> };

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/** The media type of an asset by its extension (`.js`, `.css`). */
export function toMediaType(ext: string): string {
  return TYPES[ext] ?? 'application/octet-stream';
}

/**
 * Bundles `<webDir>/main.tsx` (and the CSS it imports) in memory. Asset names carry the first 16 hex
 * digits of the SHA-256 of their bytes, so the same sources always give the same names and a
 * changed byte gives a new name: browsers may cache them forever.
 */
export async function buildWeb(webDir: string): Promise<WebAssets> {
  const result = await build({
    entryPoints: [join(webDir, 'main.tsx')],
    absWorkingDir: webDir,
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2022', 'chrome110', 'firefox110', 'safari16'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    define: { 'process.env.NODE_ENV': '"production"' },
    outdir: 'out',
    write: false,
    logLevel: 'silent',
  });
  const assets = new Map<string, WebFile>();
  const names: Record<string, string> = {};
  for (const f of result.outputFiles) {
    const ext = f.path.slice(f.path.lastIndexOf('.'));
    const bytes = Buffer.from(f.contents);
    const name = `main-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}${ext}`;
    assets.set(name, { bytes, type: toMediaType(ext) });
    names[ext] = name;
  }
  const html = readFileSync(join(webDir, 'index.html'), 'utf8')
    .replace('%SCRIPT%', `assets/${names['.js']}`)
    .replace('%STYLE%', `assets/${names['.css']}`);
  return { page: { bytes: Buffer.from(html), type: 'text/html; charset=utf-8' }, assets };
}
