// HAProxy (Debian's package) in front of the replicas: install when missing, configure, run, read server states.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { note } from './log.ts';

export type Haproxy = {
  url: string;
  version: string;
  config: string;
  states(): Promise<Map<string, string>>;
  stop(): Promise<void>;
};

/** The `haproxy -v` first line; installs the Debian package with apt-get first when the command is missing, and says so. */
export function ensureHaproxy(): string {
  const probe = () => spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
  let v = probe();
  if (v.error) {
    note(
      'fleet: haproxy is not installed; installing the Debian package (apt-get update && apt-get install -y haproxy)…',
    );
    const r = spawnSync(
      'sh',
      ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy'],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (r.status !== 0)
      throw new Error(
        'Could not install haproxy with apt-get; install it (Debian: apt-get install haproxy) and rerun.',
      );
    v = probe();
    if (v.error) throw new Error(`haproxy still cannot run after installing it: ${v.error.message}`);
  }
  return (v.stdout.split('\n')[0] ?? '').replace(/ - https?:.*$/, '').trim();
}

/**
 * The configuration the fleet scenario tests (and the fleet docs show): round-robin over the
 * replicas, a health check on GET /readyz every second (down after 2 failures, up after 2
 * successes), and no second chance for a request: `retries 0` and no redispatch, so a request
 * sent to a replica that is going away fails visibly instead of being retried elsewhere.
 */
export function toHaproxyConfig(o: {
  port: number;
  servers: { name: string; port: number }[];
  socket: string;
}): string {
  return `global
    maxconn 4096
    stats socket ${o.socket} mode 600 level admin

defaults
    mode http
    timeout connect 2s
    timeout client 30s
    timeout server 30s
    retries 0
    no option redispatch

frontend sorrel_in
    bind 127.0.0.1:${o.port}
    default_backend sorrel

backend sorrel
    balance roundrobin
    option httpchk GET /readyz
    http-check expect status 200
    default-server inter 1s fall 2 rise 2
${o.servers.map((s) => `    server ${s.name} 127.0.0.1:${s.port} check`).join('\n')}
`;
}

/** Writes the configuration into `dir`, checks it (`haproxy -c`) and runs HAProxy in the foreground. */
export async function startHaproxy(
  dir: string,
  port: number,
  servers: { name: string; port: number }[],
  version: string,
): Promise<Haproxy> {
  const socket = join(dir, 'haproxy.sock');
  const config = toHaproxyConfig({ port, servers, socket });
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, config);
  const check = spawnSync('haproxy', ['-c', '-q', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy rejects ${file}:\n${check.stderr}`);
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (c: string) => {
    stderr = (stderr + c).slice(-4000);
  });
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const states = () => showServers(socket);
  const until = performance.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited at start:\n${stderr}`);
    try {
      await states();
      break;
    } catch {
      /* not up yet */
    }
    if (performance.now() > until) throw new Error(`haproxy's stats socket did not answer within 10 s:\n${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    version,
    config,
    states,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      process.removeListener('exit', kill);
    },
  };
}

/** `show stat` over the admin socket: each server's status (UP, DOWN, "UP 1/2", "DOWN 1/2", MAINT…). */
function showServers(socket: string): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    const conn = createConnection(socket);
    let text = '';
    conn.setEncoding('utf8');
    conn.on('connect', () => conn.write('show stat\n'));
    conn.on('data', (c: string) => {
      text += c;
    });
    conn.on('error', reject);
    conn.on('end', () => {
      const lines = text.trim().split('\n');
      const head = lines[0].replace(/^# /, '').split(',');
      const [px, sv, st] = ['pxname', 'svname', 'status'].map((k) => head.indexOf(k));
      const out = new Map<string, string>();
      for (const l of lines.slice(1)) {
        const cells = l.split(',');
        if (cells[px] === 'sorrel' && cells[sv] !== 'BACKEND') out.set(cells[sv], cells[st]);
      }
      resolve(out);
    });
  });
}
