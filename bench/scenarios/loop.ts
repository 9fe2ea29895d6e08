// The main thread never stalls: event-loop delay p99 while serving cache hits beside a mixed load (10 concurrent
// aware requests on issue 19's wide table, limit=0 pages of 50k values), then beside one large request at a
// time split across every worker thread; read from Sorrel's own /metrics.
import { hammer } from '../lib/cannon.ts';
import { toRowsLabel } from '../lib/growth.ts';
import { note } from '../lib/log.ts';
import { toRow } from '../lib/rows.ts';
import { getText, startSorrel } from '../lib/sorrel.ts';
import { toFieldId, writeTableCatalog } from '../lib/table-catalog.ts';
import type { Scenario } from '../lib/types.ts';
import { ensureWide, WIDE_COLUMNS } from '../lib/wide.ts';

const X = toFieldId(WIDE_COLUMNS, 'x');
const CAT = toFieldId(WIDE_COLUMNS, 'cat');
const NAME = toFieldId(WIDE_COLUMNS, 'name');
const GRADE = toFieldId(WIDE_COLUMNS, 'grade');
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
  description: `event-loop delay p99 (ms) while serving cache hits beside ${AWARE} concurrent aware requests and limit=0 pages of 50k values, then beside one split request at a time (the wide table, 10M rows; --rows for 50M, 100M)`,
  async run({ quick, dataDir, rows: only }) {
    const rows = only ?? (quick ? 1_000_000 : 10_000_000);
    // A large table answers fewer requests a second: longer, for as many requests in the p99.
    const seconds = quick ? 4 : rows > 10_000_000 ? 20 : 10;
    const file = await ensureWide(rows, dataDir);
    const sorrel = await startSorrel(writeTableCatalog(file, WIDE_COLUMNS, dataDir), {
      SORREL_MAX_VALUES_LIMIT: '1000000',
      SORREL_MAX_QUEUE: '1000',
    });
    try {
      const url = sorrel.url;
      const context = (i: number) =>
        encodeURIComponent(JSON.stringify({ field: X, operator: 'lt', value: 500 - i / 1e6 }));
      const threads = sorrel.ready.threads ?? '?';
      let stop = false;
      /** Runs `loops` beside 16 connections of cache hits for `seconds`; the loop's p99 and the hits' as two rows. */
      const measure = async (load: string, loops: (() => Promise<unknown>)[], counted: () => string) => {
        stop = false;
        await loopP99(url); // reset the histogram
        note(`loop: ${rows} rows, ${threads} worker threads, ${load} + 16 connections of cache hits for ${seconds} s`);
        const running = loops.map((f) => f());
        const hits = await hammer(`${url}/api/fields/${CAT}/`, 16, seconds);
        stop = true;
        await Promise.all(running);
        const p99 = await loopP99(url);
        note(
          `loop: p99 ${p99.toFixed(1)} ms; ${counted()}, ${Math.round(hits.rps)} req/s of hits (p99 ${hits.p99} ms)`,
        );
        const c = { scenario: 'loop', case: `${toRowsLabel(rows)} rows, ${load}`, referenceName: '—' };
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
      };
      // Aware requests each with a context not seen before (no reply-cache hit): real compute on the pool.
      let aware = 0,
        pages = 0,
        split = 0;
      const awareLoop = (k: number) => async () => {
        for (let i = k; !stop; i += AWARE) {
          await getText(`${url}/api/fields/${CAT}/dist/?aware=true&cluster=false&context=${context(i)}`);
          aware++;
        }
      };
      // limit=0 pages of `name` values (50k distinct values), each a new request.
      const pageLoop = async () => {
        for (let i = 0; !stop; i++) {
          await getText(`${url}/api/fields/${NAME}/values/?limit=0&aware=true&context=${context(i + 500_000)}`);
          pages++;
        }
      };
      // One large request at a time, on an idle pool: split across every worker thread (src/parallel/split.ts).
      const splitLoop = async () => {
        for (let i = 0; !stop; i++) {
          const dims = `dimensions=${CAT},${GRADE}&cluster=false`;
          await getText(`${url}/api/fields/${CAT}/dist/?${dims}&aware=true&context=${context(i + 900_000)}`);
          split++;
        }
      };
      return [
        ...(await measure(
          'mixed load',
          [...Array.from({ length: AWARE }, (_, k) => awareLoop(k)), pageLoop],
          () => `${aware} aware answers, ${pages} values pages`,
        )),
        ...(await measure('one split request at a time', [splitLoop], () => `${split} split answers`)),
      ];
    } finally {
      await sorrel.stop();
    }
  },
};
