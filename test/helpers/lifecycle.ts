// Test helper for the process lifecycle: a catalog slow to answer, a server whose log lines are kept, the reload counter.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import type { DEFAULT_CONFIG } from '../../src/config.ts';
import { startServer, type Running } from '../../src/serve/server.ts';
import { get, testConfig } from './server.ts';

/** A catalog over 60k rows of two random coordinates: a clustered aware distribution takes a good part of a second. */
export function slowCatalog(shift = 0): string {
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-slow-'));
  let seed = 1;
  const r = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const lines = ['x,y,z'];
  for (let i = 0; i < 60_000; i++)
    lines.push(`${(shift + r() * 1000).toFixed(3)},${(r() * 1000).toFixed(3)},${Math.floor(r() * 100)}`);
  writeFileSync(join(dir, 'slow.csv'), lines.join('\n'));
  writeFileSync(
    join(dir, 'catalog.yaml'),
    [
      'title: Slow',
      'modified: "2026-01-01T00:00:00.000"',
      'datasets: [{ name: slow, file: slow.csv, data_modified: "2026-01-01T00:00:00.000" }]',
      'fields: [{ id: 1, dataset: slow, column: x }, { id: 2, dataset: slow, column: y }, { id: 3, dataset: slow, column: z }]',
      'concepts: [{ id: 1, name: C, fields: [1, 2, 3] }]',
    ].join('\n'),
  );
  return join(dir, 'catalog.yaml');
}

/** An aware, clustered distribution no other request shares (so neither cache answers it). */
export const slowPath = (i: number) =>
  `/api/fields/1/dist/?dimensions=2&aware=true&context=${encodeURIComponent(JSON.stringify({ field: 3, operator: 'gte', value: -1 - i }))}`;

/** A server whose log lines are kept. */
export async function startLogged(
  source: string,
  config: Partial<typeof DEFAULT_CONFIG> = {},
): Promise<{ running: Running; lines: Record<string, unknown>[] }> {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const running = await startServer(
    source,
    testConfig({ maxGroups: 1_000_000, metricsPublic: true, ...config }),
    pino({ level: 'info' }, sink),
  );
  await running.ready;
  return { running, lines };
}

/** The count of reloads with this outcome, from /metrics. */
export const metric = async (url: string, outcome: string) =>
  Number(
    new RegExp(`^sorrel_reloads_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm').exec(
      (await get(url, '/metrics')).text,
    )?.[1],
  );
