// The server's log: JSON lines batched for throughput, with warnings and errors written at once.
import { pino, type Logger } from 'pino';

const BATCH_BYTES = 4096;
const FLUSH_MS = 1000;
const WARN = 40; // pino's level number for `warn`

/**
 * A pino logger writing to a file descriptor (default stdout) or a file. Why batched and
 * synchronous: one request line per request is written 4 KiB at a time (one write(2) per a few
 * dozen requests), so request logs cost little; but a line that matters — "reload failed", a 500's
 * error — must not wait for 4 KiB of others. A warning or an error therefore writes everything
 * batched so far, in order, before the call returns (a SIGKILL a moment later loses nothing of
 * it), and a timer writes what waits every second. Writes are synchronous, so a flush never
 * overtakes a write still in flight (an asynchronous destination could reorder them), and what is
 * batched at exit is written then.
 */
export function createLog(level: string, dest: number | string = 1): Logger {
  const stream = pino.destination({ dest, sync: true, minLength: BATCH_BYTES });
  const flush = () => {
    try {
      stream.flush();
    } catch {
      // closed: nothing more can be written
    }
  };
  setInterval(flush, FLUSH_MS).unref();
  process.once('exit', flush);
  return pino(
    {
      level,
      hooks: {
        logMethod(args, method, levelNumber) {
          method.apply(this, args as Parameters<typeof method>);
          if (levelNumber >= WARN) flush();
        },
      },
    },
    stream,
  );
}
