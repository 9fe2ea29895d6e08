// The catalog's `access` section (API.md §2): anonymous access, API keys (SHA-256) and JWT verification keys.
import { resolveDataPath } from './paths.ts';
import type { AccessSpec, JwtSpec } from './spec.ts';
import type { Reader } from './reader.ts';

/** A JWT's default maximum age, in seconds from its `iat` (API.md §2). */
export const DEFAULT_MAX_AGE = 24 * 60 * 60;
/** The largest clock tolerance a catalog may configure, in seconds (API.md §2). */
export const MAX_CLOCK_TOLERANCE = 60;

/** Checks the `access` section; anonymous access is on and there are no keys when it is absent. */
export function checkAccess(raw: unknown, r: Reader, problems: string[], path: string): AccessSpec {
  const o = r.object(raw ?? {}, 'access');
  r.known(o, 'access', ['anonymous', 'api_keys', 'jwt']);
  const apiKeys = r.list(o.api_keys, 'access.api_keys').map((k, i) => {
    const where = `access.api_keys[${i}]`;
    const ko = r.object(k, where);
    r.known(ko, where, ['name', 'sha256', 'privileged', 'groups']);
    const sha256 = (r.string(ko.sha256, where, 'sha256', true) ?? '').toLowerCase();
    if (sha256 && !/^[0-9a-f]{64}$/.test(sha256))
      problems.push(
        `${path}: ${where}: sha256 must be 64 hex digits (the SHA-256 of the key; see \`sorrel hash-key\`).`,
      );
    return {
      name: r.string(ko.name, where, 'name', true) ?? '',
      sha256,
      privileged: r.bool(ko.privileged, where, 'privileged') ?? false,
      groups: r.groups(ko.groups, where) ?? [],
    };
  });
  let jwt: JwtSpec | null = null;
  if (o.jwt !== undefined && o.jwt !== null) {
    const jo = r.object(o.jwt, 'access.jwt');
    r.known(jo, 'access.jwt', [
      'algorithm',
      'secret',
      'secret_env',
      'public_key_file',
      'jwks_file',
      'issuer',
      'audience',
      'max_age',
      'clock_tolerance',
      'claims',
    ]);
    const algorithm =
      r.oneOf(jo.algorithm ?? 'HS256', 'access.jwt', 'algorithm', ['HS256', 'RS256', 'ES256'] as const) ?? 'HS256';
    const secretEnv = r.string(jo.secret_env, 'access.jwt', 'secret_env');
    const literal = r.string(jo.secret, 'access.jwt', 'secret');
    const keyFile = r.string(jo.public_key_file, 'access.jwt', 'public_key_file');
    const jwksFile = r.string(jo.jwks_file, 'access.jwt', 'jwks_file');
    // Whether the variable is set is checked where the secret is read (src/snapshot/access.ts): at
    // serve time, and by `sorrel check`, but not by `sorrel build`, which stores only its name.
    if (algorithm === 'HS256' && !literal && !secretEnv)
      problems.push(`${path}: access.jwt: HS256 needs \`secret\` or \`secret_env\` naming an environment variable.`);
    if (algorithm === 'HS256' && literal) {
      const short = toShortSecretProblem(literal, '`secret`');
      if (short) problems.push(`${path}: access.jwt: ${short}`);
    }
    if (algorithm !== 'HS256' && !keyFile && !jwksFile)
      problems.push(`${path}: access.jwt: ${algorithm} needs \`public_key_file\` (PEM) or \`jwks_file\`.`);
    // API.md §2: a token is refused once older than max_age (from `iat`); the clock tolerance is at most 60 s.
    const maxAge = r.number(jo.max_age, 'access.jwt', 'max_age');
    if (maxAge !== null && !(Number.isSafeInteger(maxAge) && maxAge >= 1))
      problems.push(
        `${path}: access.jwt: \`max_age\` is a whole number of seconds ≥ 1 (default 86400, 24 h), got ${maxAge}.`,
      );
    const tolerance = r.number(jo.clock_tolerance, 'access.jwt', 'clock_tolerance');
    if (tolerance !== null && !(Number.isSafeInteger(tolerance) && tolerance >= 0 && tolerance <= MAX_CLOCK_TOLERANCE))
      problems.push(
        `${path}: access.jwt: \`clock_tolerance\` is a whole number of seconds from 0 to ${MAX_CLOCK_TOLERANCE}, got ${tolerance}.`,
      );
    const claims = r.object(jo.claims ?? {}, 'access.jwt.claims');
    r.known(claims, 'access.jwt.claims', ['name', 'privileged', 'groups']);
    jwt = {
      algorithm,
      secret: literal,
      secretEnv,
      issuer: r.string(jo.issuer, 'access.jwt', 'issuer'),
      audience: r.string(jo.audience, 'access.jwt', 'audience'),
      maxAge: maxAge ?? DEFAULT_MAX_AGE,
      clockTolerance: tolerance ?? 0,
      publicKeyFile: keyFile ? resolveDataPath(keyFile, path) : null,
      jwksFile: jwksFile ? resolveDataPath(jwksFile, path) : null,
      claims: {
        name: r.string(claims.name, 'access.jwt.claims', 'name') ?? 'sub',
        privileged: r.string(claims.privileged, 'access.jwt.claims', 'privileged') ?? 'privileged',
        groups: r.string(claims.groups, 'access.jwt.claims', 'groups') ?? 'groups',
      },
    };
  }
  return { anonymous: r.bool(o.anonymous, 'access', 'anonymous') ?? true, apiKeys, jwt };
}

/** The shortest HS256 secret accepted, in bytes: as long as the SHA-256 output (RFC 7518 §3.2). */
export const MIN_SECRET_BYTES = 32;

/** Why an HS256 secret is too short (`what` names where it came from), or null when it is long enough. */
export function toShortSecretProblem(secret: string, what: string): string | null {
  const bytes = Buffer.byteLength(secret, 'utf8');
  if (bytes >= MIN_SECRET_BYTES) return null;
  return `the HS256 secret (${what}) is ${bytes} byte${bytes === 1 ? '' : 's'}; it must be at least ${MIN_SECRET_BYTES} bytes (RFC 7518 §3.2), e.g. \`openssl rand -base64 32\`.`;
}
