// Tests: a background thread's pauses (workers/yield.ts): while requests run or have just run, at most (1/duty − 1)× its last pass, never when none came.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createYielder } from '../../workers/yield.ts';

type Wait = [index: number, ms: number];

/**
 * A yielder over a gauge the test sets, a clock the test moves, and a wait that records (index, timeout)
 * and by default lets the whole timeout pass with nothing changing; `during` changes that.
 */
function setup(duty = 0.1, maxPauseMs = 2000, quietMs = 50) {
  const gauge = new Int32Array(new SharedArrayBuffer(8));
  let clock = 0;
  const waits: Wait[] = [];
  const s = {
    gauge,
    waits,
    run: (ms: number) => {
      clock += ms;
    },
    /** A request task starts (running + 1, started + 1), or ends (running − 1). */
    start: () => {
      gauge[0]++;
      gauge[1]++;
    },
    end: () => {
      gauge[0]--;
    },
    during: (_index: number, ms: number): void => {
      clock += ms;
    },
    now: () => clock,
  };
  const y = createYielder({
    gauge,
    duty,
    maxPauseMs,
    quietMs,
    now: () => clock,
    wait: (g, index, seen, ms) => {
      assert.is(seen, Atomics.load(g, index), 'waits on the value it read');
      waits.push([index, ms]);
      s.during(index, ms);
    },
  });
  return Object.assign(s, { y });
}

test('no request since the last pause point: no pause, however long the pass', () => {
  const s = setup();
  s.y.begin();
  s.run(500);
  s.y.pause();
  assert.equal(s.waits, []);
});

test('a request running all along: a pause of nine times the pass (a tenth of a core), then the next pass is timed afresh', () => {
  const s = setup();
  s.y.begin();
  s.start();
  s.run(30);
  s.y.pause();
  assert.equal(s.waits, [[0, 270]]);
  s.run(10);
  s.y.pause();
  assert.equal(s.waits, [
    [0, 270],
    [0, 90],
  ]);
});

test('requests that ran during the pass and ended: one quiet period, then the build goes on', () => {
  const s = setup();
  s.y.begin();
  s.start();
  s.run(100);
  s.end();
  s.y.pause();
  assert.equal(s.waits, [[1, 50]]);
  // The next pass saw no request: no pause.
  s.run(100);
  s.y.pause();
  assert.equal(s.waits, [[1, 50]]);
});

test('a request between two of its tasks: the pause lasts while tasks keep starting, within the budget', () => {
  const s = setup();
  s.y.begin();
  s.start();
  s.run(20); // budget: 180 ms
  s.end();
  let gaps = 0;
  s.during = (index, ms) => {
    if (index === 1 && gaps++ < 3) {
      s.run(5); // a task starts 5 ms into the quiet wait, and runs 20 ms
      s.start();
      s.run(20);
      s.end();
    } else s.run(ms);
  };
  s.y.pause();
  assert.equal(s.waits, [
    [1, 50],
    [1, 50],
    [1, 50],
    [1, 50],
  ]);
  // Requests that never stop: the pause ends at the budget.
  const t = setup();
  t.y.begin();
  t.start();
  t.run(20);
  t.during = (_index, ms) => {
    t.run(Math.min(ms, 30));
    t.start();
  };
  const before = t.now();
  t.y.pause();
  assert.is(t.now() - before, 180);
});

test('the pause is capped at maxPauseMs', () => {
  const s = setup(0.1, 2000);
  s.y.begin();
  s.start();
  s.run(1000); // nine seconds by the duty
  s.y.pause();
  assert.equal(s.waits, [[0, 2000]]);
});

test('a task that begins while a request runs waits for requests to stop first, at most maxPauseMs', () => {
  const s = setup();
  s.start();
  s.during = (index, ms) => {
    s.run(index === 0 ? 300 : ms); // the request ends 300 ms in
    if (index === 0) s.end();
  };
  s.y.begin();
  assert.equal(s.waits, [
    [0, 2000],
    [1, 50],
  ]);
  const t = setup();
  t.start();
  t.y.begin();
  assert.equal(t.waits, [[0, 2000]]);
});

test('begin() times a task from its start, and forgets the requests before it', () => {
  const s = setup();
  s.start();
  s.end(); // a request while no build ran
  s.run(60_000);
  s.y.begin();
  s.run(5);
  s.y.pause();
  assert.equal(s.waits, []);
  s.start();
  s.run(5);
  s.y.pause();
  assert.equal(s.waits, [[0, 45]]);
});

test('a thread without a gauge (a request thread) never waits', () => {
  const y = createYielder({ gauge: null, wait: () => assert.unreachable('waited') });
  y.begin();
  y.pause();
});

test.run();
