// Tests: a background thread's pauses (workers/yield.ts): it waits while requests run, at most (1/duty − 1)× its last pass, and not when none runs.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createYielder } from '../../workers/yield.ts';

/** A clock the test moves, and a wait that records its timeout and lets time pass (or the requests end). */
function setup(duty = 0.1, maxPauseMs = 2000) {
  const gauge = new Int32Array(new SharedArrayBuffer(4));
  let clock = 0;
  const waits: number[] = [];
  let onWait: (ms: number) => void = (ms) => {
    clock += ms;
  };
  const y = createYielder({
    gauge,
    duty,
    maxPauseMs,
    now: () => clock,
    wait: (_g, seen, ms) => {
      assert.is(seen, Atomics.load(gauge, 0), 'waits on the value it read');
      waits.push(ms);
      onWait(ms);
    },
  });
  return {
    gauge,
    y,
    waits,
    run: (ms: number) => {
      clock += ms;
    },
    setOnWait: (f: (ms: number) => void) => {
      onWait = f;
    },
  };
}

test('no request running: no pause, whatever the build ran', () => {
  const s = setup();
  s.y.begin();
  s.run(500);
  s.y.pause();
  assert.equal(s.waits, []);
});

test('requests running all along: a pause of nine times the pass (10% of a core), then the next pass is timed afresh', () => {
  const s = setup();
  Atomics.store(s.gauge, 0, 2);
  s.y.begin();
  s.run(30);
  s.y.pause();
  assert.equal(s.waits, [270]);
  s.run(10);
  s.y.pause();
  assert.equal(s.waits, [270, 90]);
});

test('the pause ends when the requests end, and is capped at maxPauseMs', () => {
  const s = setup(0.1, 2000);
  Atomics.store(s.gauge, 0, 1);
  s.y.begin();
  s.run(1000); // a long pass: 9 s allowed by the duty, 2 s by the cap
  s.setOnWait((ms) => {
    s.run(ms / 4);
    Atomics.store(s.gauge, 0, 0); // the request ended a quarter of the way in
  });
  s.y.pause();
  assert.equal(s.waits, [2000]);
  // With the cap: nothing waited beyond it although requests kept running.
  const t = setup(0.1, 2000);
  Atomics.store(t.gauge, 0, 1);
  t.y.begin();
  t.run(1000);
  t.y.pause();
  assert.is(
    t.waits.reduce((a, b) => a + b, 0),
    2000,
  );
});

test('begin() times a task from its start, not from the idle time before it', () => {
  const s = setup();
  s.run(60_000); // idle between two builds
  Atomics.store(s.gauge, 0, 1);
  s.y.begin();
  s.run(5);
  s.y.pause();
  assert.equal(s.waits, [45]);
});

test('a thread without a gauge (a request thread) never waits', () => {
  const y = createYielder({ gauge: null, wait: () => assert.unreachable('waited') });
  y.begin();
  y.pause();
});

test.run();
