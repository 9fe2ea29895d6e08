// Built snapshots (src/snapshot/build/built.ts, `sorrel build`): reproducible files, served without the source files, secrets kept out.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadSnapshotManifest } from '../../../src/snapshot/file/container.ts';
import { get, startTestServer } from '../../helpers/server.ts';
import { answersOf, buildFile, copyFixture } from '../../helpers/tree.ts';

const BIN = fileURLToPath(new URL('../../../bin/sorrel.js', import.meta.url));
const sorrel = (args: string[], env: Record<string, string | undefined> = {}) =>
  spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    timeout: 60_000,
  });

/** Builds `catalog` into `out` with the CLI; fails the test on a non-zero exit. */
function buildWithCli(
  catalog: string,
  out = join(dirname(catalog), 'data.sorrel'),
  env: Record<string, string | undefined> = {},
): string {
  const r = sorrel(['build', catalog, '-o', out], env);
  assert.is(r.status, 0, r.stderr);
  return out;
}

const serve = (source: string) => startTestServer(source, { baseUrl: 'http://sorrel.test' });

test("two builds of the same inputs are byte-identical, in any folder and whatever the files' mtimes", async () => {
  const a = copyFixture({ mtime: new Date('2025-01-01T00:00:00Z'), pin: true });
  const b = copyFixture({ mtime: new Date('2026-06-30T00:00:00Z'), pin: true });
  const first = readFileSync(buildWithCli(a, join(dirname(a), 'one.sorrel')));
  assert.ok(first.equals(readFileSync(buildWithCli(a, join(dirname(a), 'two.sorrel')))));
  assert.ok(first.equals(readFileSync(await buildFile(b))));
  assert.is(first.subarray(0, 8).toString('latin1'), 'SORREL\0\0');
});

test('a built file serves without its catalog and data files, answering as the catalog does', async () => {
  const catalog = copyFixture({ pin: true });
  const file = await buildFile(catalog);
  const reference = await serve(copyFixture({ pin: true }));
  const expected = await answersOf(reference.url);
  const version = reference.state.snapshot!.version;
  await reference.close();
  for (const name of ['catalog.yaml', 'people.csv', 'pets.json']) rmSync(join(dirname(catalog), name));
  const served = await serve(file);
  try {
    assert.is(served.state.snapshot!.version, version);
    assert.is(served.state.snapshot!.dataVersion, (await loadSnapshotManifest(file)).dataVersion);
    assert.equal(await answersOf(served.url), expected);
  } finally {
    await served.close();
  }
});

test("an unpinned data_modified is the data file's mtime read at build time, stored in the file", async () => {
  const catalog = copyFixture({ mtime: new Date('2024-04-04T04:04:04.444Z') });
  const file = await buildFile(catalog);
  rmSync(join(dirname(catalog), 'people.csv'));
  const served = await serve(file);
  try {
    assert.is((await get(served.url, '/api/fields/1/')).body.data_modified, '2024-04-04T04:04:04.444');
  } finally {
    await served.close();
  }
});

test("secret_env: building needs no secret and stores the variable's name; serving reads the secret then", async () => {
  const catalog = copyFixture({ pin: true });
  const secret = 'a-secret-that-must-not-be-in-the-file-0123456789';
  writeFileSync(catalog, readFileSync(catalog, 'utf8').replace(/secret: .*/, 'secret_env: SORREL_TEST_JWT_SECRET'));
  const file = buildWithCli(catalog, undefined, { SORREL_TEST_JWT_SECRET: undefined });
  process.env.SORREL_TEST_JWT_SECRET = secret;
  const again = await buildFile(catalog, join(dirname(catalog), 'again.sorrel')); // with the secret set this time
  delete process.env.SORREL_TEST_JWT_SECRET;
  assert.ok(readFileSync(again).equals(readFileSync(file)));
  assert.not.ok(readFileSync(file).includes(secret));
  assert.ok(readFileSync(file).includes('SORREL_TEST_JWT_SECRET'));
  const unset = sorrel(['serve', file], { PORT: '0', SORREL_TEST_JWT_SECRET: undefined });
  assert.is(unset.status, 1);
  assert.is(unset.stderr.trim().split('\n').length, 1, unset.stderr);
  assert.match(
    unset.stderr,
    /data\.sorrel: access\.jwt: HS256 needs its secret: set the environment variable SORREL_TEST_JWT_SECRET/,
  );
  process.env.SORREL_TEST_JWT_SECRET = secret;
  const served = await serve(file);
  delete process.env.SORREL_TEST_JWT_SECRET;
  try {
    const token = await new SignJWT({ admin: true })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('x')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret));
    assert.is((await get(served.url, '/api/fields/8/', { Authorization: `Bearer ${token}` })).status, 200);
  } finally {
    await served.close();
  }
});

test('a public key file is read at build time and stored: the built file verifies RS256 tokens without it', async () => {
  const catalog = copyFixture({ pin: true });
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  writeFileSync(join(dirname(catalog), 'jwt.pem'), await exportSPKI(publicKey));
  writeFileSync(
    catalog,
    readFileSync(catalog, 'utf8').replace(
      /algorithm: HS256\n\s+secret: .*/,
      'algorithm: RS256\n    public_key_file: jwt.pem',
    ),
  );
  const file = await buildFile(catalog);
  rmSync(join(dirname(catalog), 'jwt.pem'));
  const served = await serve(file);
  try {
    const token = await new SignJWT({ admin: true })
      .setProtectedHeader({ alg: 'RS256' })
      .setSubject('x')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    assert.is((await get(served.url, '/api/fields/8/', { Authorization: `Bearer ${token}` })).status, 200);
    assert.is((await get(served.url, '/api/fields/8/')).status, 404);
  } finally {
    await served.close();
  }
});

test.run();
