// Warnings about a catalog that serves, but not the same way on every replica, or less safely than it looks.
import type { EngineSpec } from '../contract/engine.ts';
import type { CatalogSpec } from './spec.ts';

/**
 * Timestamps that reach bodies but are not pinned in the catalog: each then comes from a file's
 * modification time, so replicas serving separate copies of the files could answer differently.
 */
export function findTimestampWarnings(spec: CatalogSpec): string[] {
  const copies =
    'replicas serving separate copies of the files could disagree; pin it, or serve one file from `sorrel build`.';
  const warnings: string[] = [];
  if (!spec.modifiedPinned)
    warnings.push(
      `${spec.path}: (top level): \`modified\` is not set, so it is the catalog file's modification time; ${copies}`,
    );
  for (const d of spec.datasets) {
    if (d.dataModified === null)
      warnings.push(
        `${spec.path}: ${d.where}: \`data_modified\` is not set, so it is the data file's modification time; ${copies}`,
      );
  }
  return warnings;
}

/**
 * Access settings that serve but are weaker than they look (API.md §2, §14): a JWT key that checks
 * no issuer or no audience (a token any service of the same key minted is accepted), and engine
 * credentials sent in clear over `http://` to another machine.
 */
export function findAccessWarnings(spec: CatalogSpec): string[] {
  const warnings: string[] = [];
  const jwt = spec.access.jwt;
  if (jwt) {
    const missing = [jwt.issuer === null ? '`issuer`' : null, jwt.audience === null ? '`audience`' : null].filter(
      (m) => m !== null,
    );
    if (missing.length)
      warnings.push(
        `${spec.path}: access.jwt: no ${missing.join(' and no ')}, so a token that any issuer signed with this key, for any service, is accepted; set ${missing.join(' and ')}.`,
      );
  }
  for (const e of spec.engines) warnings.push(...findEngineTransportWarnings(spec.path, e));
  return warnings;
}

/** A warning when an engine entry sends credentials in clear (`http://`) to a host that is not this machine. */
export function findEngineTransportWarnings(
  path: string,
  e: Pick<EngineSpec, 'url' | 'userEnv' | 'passwordEnv' | 'where'>,
): string[] {
  if (e.userEnv === null && e.passwordEnv === null) return [];
  let url: URL;
  try {
    url = new URL(e.url);
  } catch {
    return []; // a malformed URL is a problem of its own (src/catalog/engines.ts)
  }
  if (url.protocol !== 'http:' || isLoopback(url.hostname)) return [];
  return [
    `${path}: ${e.where}: credentials go to ${url.hostname} over plain http://, readable by anyone on the network; use https:// (ClickHouse's https_port) or a loopback address.`,
  ];
}

/** Whether a URL's host name is this machine: localhost, 127.0.0.0/8 or ::1. */
function isLoopback(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(h) || h === '::1';
}
