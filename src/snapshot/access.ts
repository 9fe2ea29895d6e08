// Turns an Authorization header into a User: API keys (SHA-256 hashes) and JWTs (jose).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createLocalJWKSet, importSPKI, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { AccessSpec } from '../catalog/spec.ts';
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

/** Builds the authenticator for a catalog's `access` section (keys are read once, here). */
export async function createAuthenticator(access: AccessSpec): Promise<Authenticate> {
  const keys = new Map(access.apiKeys.map((k) => [k.sha256, Object.freeze({ name: k.name, privileged: k.privileged, groups: k.groups })]));
  const jwt = access.jwt;
  let key: Uint8Array | Awaited<ReturnType<typeof importSPKI>> | JWTVerifyGetKey | null = null;
  if (jwt) {
    if (jwt.algorithm === 'HS256') key = new TextEncoder().encode(jwt.secret ?? '');
    else if (jwt.jwksFile) key = createLocalJWKSet(JSON.parse(readFileSync(jwt.jwksFile, 'utf8')));
    else key = await importSPKI(readFileSync(jwt.publicKeyFile!, 'utf8'), jwt.algorithm);
  }

  const verify = async (token: string, j: NonNullable<typeof jwt>): Promise<User> => {
    let payload: JWTPayload;
    try {
      const options = { algorithms: [j.algorithm], issuer: j.issuer ?? undefined, audience: j.audience ?? undefined };
      payload = (typeof key === 'function' ? await jwtVerify(token, key, options) : await jwtVerify(token, key!, options)).payload;
    } catch (err) {
      const code = (err as { code?: string }).code;
      throw unauthorized(code === 'ERR_JWT_EXPIRED' ? 'The token has expired.' : 'The token is not valid for this service.', err);
    }
    const groups = payload[j.claims.groups];
    return {
      name: String(payload[j.claims.name] ?? 'jwt-user'),
      privileged: payload[j.claims.privileged] === true,
      groups: Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [],
    };
  };

  return (authorization) => {
    if (!authorization) {
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
