// The main thread never stalls: event-loop delay p99 while serving a mixed load (cache hits, 10 concurrent
// aware requests on the largest table, limit=0 pages of 100k values), read from Sorrel's own /metrics.
import { hammer } from '../lib/cannon.ts';
import { COLUMNS, ensureTable, toTableSpec } from '../lib/generate.ts';
import { note } from '../lib/log.ts';
import { toRow } from '../lib/rows.ts';
import { getText, startSorrel } from '../lib/sorrel.ts';
import { toFieldId, writeTableCatalog } from '../lib/table-catalog.ts';
import type { Scenario } from '../lib/types.ts';

const SEL = toFieldId(COLUMNS, 'sel');
const CAT = toFieldId(COLUMNS, 'cat');
const NAME = toFieldId(COLUMNS, 'name');
const AWARE = 10;

/** p99 of the event-loop delay since the last scrape (prom-client resets its histogram on each scrape). */
async function loopP99(url: string): Promise<number> {
  const text = await getText(`${url}/metrics`);
  const m = /\nnodejs_eventloop_lag_p99_seconds (\S+)/.exec(text);
  if (!m) throw new Error('/metrics has no nodejs_eventloop_lag_p99_seconds');
  return Number(m[1]) * 1000;
}

export const scenario: Scenario = {
  name: 'loop',
  description: `event-loop delay p99 (ms) while serving cache hits beside ${AWARE} concurrent aware requests and limit=0 pages of 100k values`,
  async run({ quick, dataDir }) {
    const rows = quick ? 1_000_000 : 10_000_000;
    const seconds = quick ? 4 : 10;
    const files = await ensureTable(toTableSpec(rows), dataDir);
    const sorrel = await startSorrel(writeTableCatalog(files.parquet, COLUMNS, dataDir), {
      SORREL_MAX_VALUES_LIMIT: '1000000',
      SORREL_MAX_QUEUE: '1000',
    });
    try {
      const url = sorrel.url;
      const context = (i: number) =>
        encodeURIComponent(JSON.stringify({ field: SEL, operator: 'lt', value: 5000 - i / 1000 }));
      let stop = false,
        aware = 0,
        pages = 0;
      // Aware requests each with a context not seen before (no reply-cache hit): real compute on the pool.
      const awareLoop = async (k: number) => {
        for (let i = k; !stop; i += AWARE) {
          await getText(`${url}/api/fields/${CAT}/dist/?aware=true&cluster=false&context=${context(i)}`);
          aware++;
        }
      };
      // limit=0 pages of `name` values (about rows/100 distinct values: 100k at 10M rows), each a new request.
      const pageLoop = async () => {
        for (let i = 0; !stop; i++) {
          await getText(`${url}/api/fields/${NAME}/values/?limit=0&aware=true&context=${context(i + 500_000)}`);
          pages++;
        }
      };
      await loopP99(url); // reset the histogram
      note(
        `loop: ${rows} rows, ${AWARE} aware loops + 1 values-page loop + 16 connections of cache hits for ${seconds} s`,
      );
      const loops = [...Array.from({ length: AWARE }, (_, k) => awareLoop(k)), pageLoop()];
      const hits = await hammer(`${url}/api/fields/${CAT}/`, 16, seconds);
      stop = true;
      await Promise.all(loops);
      const p99 = await loopP99(url);
      note(
        `loop: p99 ${p99.toFixed(1)} ms; ${aware} aware answers, ${pages} values pages, ${Math.round(hits.rps)} req/s of hits (p99 ${hits.p99} ms)`,
      );
      const c = { scenario: 'loop', case: `${rows / 1e6}M rows, mixed load`, referenceName: '—' };
      return [
        toRow({
          ...c,
          metric: 'event-loop p99 ms',
          better: 'lower',
          sorrel: [p99],
          reference: null,
          target: '< 20 ms',
          limit: { on: 'sorrel', value: 20 },
        }),
        toRow({
          ...c,
          metric: 'cache-hit p99 ms under load',
          better: 'lower',
          sorrel: [hits.p99],
          reference: null,
          target: '—',
          limit: null,
        }),
      ];
    } finally {
      await sorrel.stop();
    }
  },
};
