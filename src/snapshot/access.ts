// Turns an Authorization header into a User: API keys (SHA-256 hashes) and JWTs (jose).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createLocalJWKSet, importSPKI, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { DEFAULT_MAX_AGE, MAX_CLOCK_TOLERANCE, toShortSecretProblem } from '../catalog/access.ts';
import type { AccessSpec, CatalogSpec, JwtSpec } from '../catalog/spec.ts';
import { CredentialError } from '../contract/errors.ts';
import type { User } from '../contract/model.ts';

/** Synchronous for anonymous users and API keys (the common, cacheable case); a promise only for JWTs. */
export type Authenticate = (authorization: string | undefined) => User | Promise<User>;

const ANONYMOUS: User = Object.freeze({ name: 'anonymous', privileged: false, groups: [] as string[] }) as User;

const unauthorized = (message: string, cause?: unknown) => new CredentialError(message, { cause });

/** The SHA-256 hex digest under which an API key is stored in the catalog. */
export function toKeyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The public verification keys of RS256/ES256, as text: read from their files, or stored in a built snapshot. */
export type KeyText = { publicKey: string | null; jwks: string | null };

/** Reads the catalog's `public_key_file` or `jwks_file` (none for HS256 or without JWT). */
export function loadKeyText(jwt: JwtSpec | null): KeyText {
  if (!jwt || jwt.algorithm === 'HS256') return { publicKey: null, jwks: null };
  return {
    publicKey: jwt.jwksFile || !jwt.publicKeyFile ? null : readFileSync(jwt.publicKeyFile, 'utf8'),
    jwks: jwt.jwksFile ? readFileSync(jwt.jwksFile, 'utf8') : null,
  };
}

/**
 * The key text and every problem with the keys, each naming the catalog: an unreadable key file,
 * a key jose refuses, an unset secret variable — unless `secret` is false (`sorrel build`, which
 * stores the variable's name, never its value).
 */
export async function checkKeys(
  spec: CatalogSpec,
  { secret = true } = {},
): Promise<{ keyText: KeyText; problems: string[] }> {
  const jwt = spec.access.jwt;
  let keyText: KeyText = { publicKey: null, jwks: null };
  try {
    keyText = loadKeyText(jwt);
    if (jwt && (secret || jwt.algorithm !== 'HS256')) await createAuthenticator(spec.access, keyText);
    return { keyText, problems: [] };
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    const reason = e.code && e.path ? `cannot read ${e.path} (${e.code}).` : e.message.replace(/^access\.jwt: /, '');
    return { keyText, problems: [`${spec.path}: access.jwt: ${reason}`] };
  }
}

/**
 * Builds the authenticator for a catalog's `access` section. Keys are read once, here: the HS256
 * secret from the catalog or the environment variable it names, the public keys from `keyText`.
 */
export async function createAuthenticator(
  access: AccessSpec,
  keyText: KeyText = loadKeyText(access.jwt),
): Promise<Authenticate> {
  const keys = new Map(
    access.apiKeys.map((k) => [
      k.sha256,
      Object.freeze({ name: k.name, privileged: k.privileged, groups: k.groups, client: `key:${k.sha256}` }),
    ]),
  );
  const jwt = access.jwt;
  let key: Uint8Array | Awaited<ReturnType<typeof importSPKI>> | JWTVerifyGetKey | null = null;
  if (jwt) {
    if (jwt.algorithm === 'HS256') key = new TextEncoder().encode(toSecret(jwt));
    else if (keyText.jwks !== null) key = createLocalJWKSet(JSON.parse(keyText.jwks));
    else key = await importSPKI(keyText.publicKey ?? '', jwt.algorithm);
  }

  const verify = async (token: string, j: NonNullable<typeof jwt>): Promise<User> => {
    let payload: JWTPayload;
    try {
      // API.md §2: `exp` is required, a token older than max_age (from `iat`) is refused, `nbf` is
      // honoured (jose checks it whenever present), the tolerance is at most 60 s (a built file
      // from before these keys gets the defaults).
      const options = {
        algorithms: [j.algorithm],
        issuer: j.issuer ?? undefined,
        audience: j.audience ?? undefined,
        requiredClaims: ['exp'],
        maxTokenAge: j.maxAge ?? DEFAULT_MAX_AGE,
        clockTolerance: Math.min(j.clockTolerance ?? 0, MAX_CLOCK_TOLERANCE),
      };
      payload = (
        typeof key === 'function' ? await jwtVerify(token, key, options) : await jwtVerify(token, key!, options)
      ).payload;
    } catch (err) {
      throw unauthorized(toRefusal(err), err);
    }
    const groups = payload[j.claims.groups];
    return {
      name: String(payload[j.claims.name] ?? 'jwt-user'),
      privileged: payload[j.claims.privileged] === true,
      groups: Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [],
      // The rate limit's client: the issuer's subject, else this very token.
      client:
        typeof payload.sub === 'string'
          ? `sub:${JSON.stringify([payload.iss ?? null, payload.sub])}`
          : `jwt:${toKeyHash(token)}`,
    };
  };

  return (authorization) => {
    // Present but empty is an invalid credential (API.md §2), never anonymous.
    if (authorization === undefined) {
      if (access.anonymous) return ANONYMOUS;
      throw unauthorized('This catalog needs credentials: send Authorization: Bearer <API key or JWT>.');
    }
    const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!m) throw unauthorized('The Authorization header must be "Bearer <token>".');
    const token = m[1];
    const user = keys.get(toKeyHash(token));
    if (user) return user;
    if (jwt && key && token.split('.').length === 3) return verify(token, jwt);
    throw unauthorized('The token is not a known API key or a valid JWT.');
  };
}

/** The HS256 secret: as the catalog writes it, else from the environment variable it names (read now); at least 32 bytes. */
function toSecret(jwt: JwtSpec): string {
  const secret = jwt.secret ?? (jwt.secretEnv ? process.env[jwt.secretEnv] : undefined);
  if (!secret)
    throw new Error(
      `access.jwt: HS256 needs its secret: ${jwt.secretEnv ? `set the environment variable ${jwt.secretEnv}` : 'give `secret` or `secret_env`'}.`,
    );
  const short = toShortSecretProblem(
    secret,
    jwt.secret !== null ? '`secret`' : `the environment variable ${jwt.secretEnv}`,
  );
  if (short) throw new Error(`access.jwt: ${short}`);
  return secret;
}

/** The 401 message of a token jose refused: what is wrong with it, never the token. */
function toRefusal(err: unknown): string {
  const { code, claim, reason } = err as { code?: string; claim?: string; reason?: string };
  if (code === 'ERR_JWT_EXPIRED')
    return claim === 'iat'
      ? 'The token is older than this service accepts (its `iat` is beyond `max_age`).'
      : 'The token has expired.';
  if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED') {
    if (claim === 'exp' && reason === 'missing') return 'The token has no expiry (`exp`); this service needs one.';
    if (claim === 'iat' && reason === 'missing')
      return "The token has no issue time (`iat`); this service limits a token's age and needs one.";
    if (claim === 'nbf') return 'The token is not valid yet (`nbf`).';
  }
  return 'The token is not valid for this service.';
}
