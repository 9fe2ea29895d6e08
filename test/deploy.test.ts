// Tests: the shipped systemd unit (deploy/sorrel.service) runs node directly, reloads on SIGHUP and waits out a drain.
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const unit = readFileSync(new URL('../deploy/sorrel.service', import.meta.url), 'utf8');
const values = (key: string) =>
  unit
    .split('\n')
    .filter((l) => l.startsWith(`${key}=`))
    .map((l) => l.slice(key.length + 1));
const env = Object.fromEntries(values('Environment').map((e) => e.split('=', 2) as [string, string]));

test('the unit starts the built server with node, not through npm', () => {
  const [start] = values('ExecStart');
  assert.match(start, /^\/usr\/bin\/node \/opt\/sorrel\/dist\/src\/main\.js serve /);
  assert.not.match(start, /npm/);
});

test('systemctl reload sends SIGHUP to the server; stop sends SIGTERM and waits past grace + timeout', () => {
  assert.equal(values('ExecReload'), ['/bin/kill -HUP $MAINPID']);
  assert.equal(values('KillSignal'), ['SIGTERM']);
  const stop = Number(values('TimeoutStopSec')[0]);
  assert.ok(stop > Number(env.SORREL_DRAIN_GRACE) + Number(env.SORREL_DRAIN_TIMEOUT), `${stop}`);
});

test.run();
