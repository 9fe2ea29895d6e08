// Load generation with autocannon (bench peer), programmatic: N connections for a fixed duration.

export type Load = { rps: number; p50: number; p99: number; requests: number };

type CannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
};
type Cannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  pipelining?: number;
  timeout?: number;
}) => Promise<CannonResult>;

const PEER = 'autocannon';
let cannon: Cannon | null = null;

/**
 * Hammers one URL; throws when any request errs, times out (after `timeoutSeconds`, autocannon's 10 s
 * by default) or answers other than 2xx.
 */
export async function hammer(url: string, connections: number, seconds: number, timeoutSeconds = 10): Promise<Load> {
  if (!cannon) {
    try {
      cannon = ((await import(PEER)) as { default: Cannon }).default;
    } catch (err) {
      throw new Error(
        `Cannot import ${PEER} (${(err as Error).message}); run \`npm run bench\`, which installs bench/node_modules.`,
      );
    }
  }
  const r = await cannon({ url, connections, duration: seconds, timeout: timeoutSeconds });
  if (r.errors || r.timeouts || r.non2xx) {
    throw new Error(`${url}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx answers under load`);
  }
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, requests: r.requests.total };
}
