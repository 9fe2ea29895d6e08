// Notices that the process which started this one is gone, so a server never outlives its starter.

const CHECK_MS = 500;

/**
 * Calls `onGone` once when this process's parent exits (it is then re-parented: `process.ppid`
 * changes). Why: `npm start` forwards SIGINT and SIGTERM to the server but dies of SIGHUP, which
 * would leave the server running, re-parented to PID 1, serving the old data and never reloaded
 * again. Started under systemd or as a container's PID 1 the parent never changes, so nothing
 * happens. The timer does not keep the process alive.
 */
export function watchParent(onGone: (parent: number) => void, everyMs = CHECK_MS): () => void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onGone(parent);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
