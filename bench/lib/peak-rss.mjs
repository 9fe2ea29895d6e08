// Preloaded into a measured command (node --import): at exit, writes the process's peak RSS (VmHWM, all
// threads) in bytes to the file SORREL_BENCH_PEAK_FILE names; polling /proc from outside misses the end.
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.env.SORREL_BENCH_PEAK_FILE;
if (file) {
  process.once('exit', () => {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    writeFileSync(file, String(kb ? Number(kb[1]) * 1024 : 0));
  });
}
