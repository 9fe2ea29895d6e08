// Tests: sorrel hash-key: the SHA-256 of a key.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { run } from '../helpers/cli.ts';

test('sorrel hash-key prints the SHA-256 of a key', () => {
  const r = run(['hash-key', 'fixture-admin-key']);
  assert.is(r.stdout.trim(), 'def2dd87a30b295b9facc753b4db48f3ab875dacf752a32b2a9dbe1f43119c41');
});

test.run();
