// A command's load log on stderr (check, build, init): the rows read every few seconds while a large
// file loads, then the dataset's totals; a file loaded in under PROGRESS_MS prints nothing.
import { PROGRESS_MS, type Progress } from '../snapshot/build/datasets.ts';

const count = (n: unknown) => Number(n).toLocaleString('en-US');
const seconds = (ms: unknown) => `${(Number(ms) / 1000).toFixed(1)} s`;

/**
 * The steps of src/snapshot/build/datasets.ts (and init's profile) as lines: "data: 12,345,678 rows read
 * (5.0 s)"; "data: 100,000,000 rows loaded, 4,583 MiB in 3 buffers (150.2 s, peak RSS 6,120 MiB)";
 * "data: 7 columns profiled (190.4 s)". `quickMs`: a load faster than this stays silent.
 */
export function toCommandProgress(
  write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
  quickMs = PROGRESS_MS,
): Progress {
  return (message, f) => {
    if (message === 'loading rows') write(`${f.dataset}: ${count(f.rows)} rows read (${seconds(f.ms)})`);
    else if (Number(f.ms) < quickMs) return;
    else if (message === 'loaded dataset') {
      const buffers = `${count(f.buffers)} buffer${f.buffers === 1 ? '' : 's'}`;
      write(
        `${f.dataset}: ${count(f.rows)} rows loaded, ${count(Math.round(Number(f.mib)))} MiB in ${buffers} (${seconds(f.ms)}, peak RSS ${count(f.peak_rss_mib)} MiB)`,
      );
    } else if (message === 'profiled dataset')
      write(`${f.dataset}: ${count(f.columns)} columns profiled (${seconds(f.ms)})`);
  };
}
