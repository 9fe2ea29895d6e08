// Tests: credentials → user (src/snapshot/access.ts): the JWT claims API.md §2 requires, empty headers, short secrets.
import { SignJWT } from 'jose';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkCatalog } from '../../src/catalog/read.ts';
import type { AccessSpec, JwtSpec } from '../../src/catalog/spec.ts';
import { CredentialError } from '../../src/contract/errors.ts';
import { checkKeys, createAuthenticator } from '../../src/snapshot/access.ts';

const SECRET = 'a-secret-of-exactly-thirty-two-b'; // 32 bytes
const key = new TextEncoder().encode(SECRET);
const now = () => Math.floor(Date.now() / 1000);

const jwtSpec = (over: Partial<JwtSpec> = {}): JwtSpec => ({
  algorithm: 'HS256',
  secret: SECRET,
  secretEnv: null,
  publicKeyFile: null,
  jwksFile: null,
  issuer: null,
  audience: null,
  maxAge: 86_400,
  clockTolerance: 0,
  claims: { name: 'sub', privileged: 'admin', groups: 'groups' },
  ...over,
});
const access = (jwt: Partial<JwtSpec> = {}): AccessSpec => ({ anonymous: true, apiKeys: [], jwt: jwtSpec(jwt) });

/** A signed token with exactly these claims (numbers are seconds since the epoch). */
const sign = (claims: Record<string, unknown>) =>
  new SignJWT({ sub: 'someone', ...claims }).setProtectedHeader({ alg: 'HS256' }).sign(key);

/** The 401 message an Authorization header gets, or null when it is accepted. */
async function refusal(auth: Awaited<ReturnType<typeof createAuthenticator>>, header: string | undefined) {
  try {
    await auth(header);
    return null;
  } catch (err) {
    assert.instance(err, CredentialError);
    return (err as Error).message;
  }
}

test('a JWT without exp is refused, one with exp, iat and nothing else accepted', async () => {
  const auth = await createAuthenticator(access());
  const t = now();
  assert.is(
    await refusal(auth, `Bearer ${await sign({ iat: t })}`),
    'The token has no expiry (`exp`); this service needs one.',
  );
  assert.is(await refusal(auth, `Bearer ${await sign({ iat: t, exp: t + 60 })}`), null);
  assert.is((await auth(`Bearer ${await sign({ iat: t, exp: t + 60, groups: ['g'] })}`)).groups[0], 'g');
});

test('max_age: a token issued longer ago than 24 h (the default) is refused even before its exp; no iat is refused', async () => {
  const auth = await createAuthenticator(access());
  const t = now();
  const day = 86_400;
  assert.is(
    await refusal(auth, `Bearer ${await sign({ iat: t - day - 120, exp: t + 3600 })}`),
    'The token is older than this service accepts (its `iat` is beyond `max_age`).',
  );
  assert.is(await refusal(auth, `Bearer ${await sign({ iat: t - day + 120, exp: t + 3600 })}`), null);
  assert.match((await refusal(auth, `Bearer ${await sign({ exp: t + 3600 })}`)) ?? '', /no issue time \(`iat`\)/);
  const short = await createAuthenticator(access({ maxAge: 60 }));
  assert.match((await refusal(short, `Bearer ${await sign({ iat: t - 120, exp: t + 3600 })}`)) ?? '', /older than/);
  assert.is(await refusal(short, `Bearer ${await sign({ iat: t - 10, exp: t + 3600 })}`), null);
});

test('nbf is honoured, within the configured clock tolerance', async () => {
  const t = now();
  const early = `Bearer ${await sign({ iat: t, nbf: t + 30, exp: t + 3600 })}`;
  assert.is(await refusal(await createAuthenticator(access()), early), 'The token is not valid yet (`nbf`).');
  assert.is(await refusal(await createAuthenticator(access({ clockTolerance: 60 })), early), null);
  const later = `Bearer ${await sign({ iat: t, nbf: t + 600, exp: t + 3600 })}`;
  assert.ok(await refusal(await createAuthenticator(access({ clockTolerance: 60 })), later));
});

test('an empty Authorization header, or one not of the Bearer form, is a bad credential, not anonymous', async () => {
  const auth = await createAuthenticator(access());
  assert.is((await auth(undefined)).name, 'anonymous');
  for (const header of ['', ' ', 'Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'token abc'])
    assert.is(
      await refusal(auth, header),
      'The Authorization header must be "Bearer <token>".',
      JSON.stringify(header),
    );
});

test('a short HS256 secret is refused with its length, from the catalog or the environment', async () => {
  const catalog = (jwt: Record<string, unknown>) =>
    checkCatalog(
      {
        access: { jwt },
        datasets: [{ name: 'd', file: 'd.csv' }],
        categories: [],
        fields: [{ id: 1, dataset: 'd', column: 'x' }],
        concepts: [],
      },
      'c.yaml',
      '2026-01-01T00:00:00.000',
    );
  assert.throws(
    () => catalog({ secret: 'x' }),
    (e: Error & { problems: string[] }) =>
      e.problems.includes(
        'c.yaml: access.jwt: the HS256 secret (`secret`) is 1 byte; it must be at least 32 bytes (RFC 7518 §3.2), e.g. `openssl rand -base64 32`.',
      ),
  );
  process.env.SORREL_TEST_SHORT_SECRET = 'thirty-one-bytes-thirty-one-byt';
  try {
    const spec = catalog({ secret_env: 'SORREL_TEST_SHORT_SECRET' });
    assert.equal((await checkKeys(spec)).problems, [
      'c.yaml: access.jwt: the HS256 secret (the environment variable SORREL_TEST_SHORT_SECRET) is 31 bytes; it must be at least 32 bytes (RFC 7518 §3.2), e.g. `openssl rand -base64 32`.',
    ]);
  } finally {
    delete process.env.SORREL_TEST_SHORT_SECRET;
  }
  assert.is(catalog({ secret: SECRET }).access.jwt?.secret, SECRET);
});

test('max_age and clock_tolerance: defaults 24 h and 0; a tolerance above 60 s or a max_age below 1 s is a catalog problem', () => {
  const doc = (jwt: Record<string, unknown>) => ({
    access: { jwt: { secret: SECRET, ...jwt } },
    datasets: [{ name: 'd', file: 'd.csv' }],
    categories: [],
    fields: [{ id: 1, dataset: 'd', column: 'x' }],
    concepts: [],
  });
  const spec = checkCatalog(doc({}), 'c.yaml', '2026-01-01T00:00:00.000');
  assert.equal([spec.access.jwt?.maxAge, spec.access.jwt?.clockTolerance], [86_400, 0]);
  assert.throws(
    () => checkCatalog(doc({ clock_tolerance: 61, max_age: 0 }), 'c.yaml', '2026-01-01T00:00:00.000'),
    (e: Error & { problems: string[] }) =>
      e.problems.join('\n') ===
      [
        'c.yaml: access.jwt: `max_age` is a whole number of seconds ≥ 1 (default 86400, 24 h), got 0.',
        'c.yaml: access.jwt: `clock_tolerance` is a whole number of seconds from 0 to 60, got 61.',
      ].join('\n'),
  );
});

test.run();
