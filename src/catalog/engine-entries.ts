// The catalog's `engines:` entries and an engine dataset's `engine:` + `table:` (API.md §14), checked entry by entry.
import { toEcho, toEchoText } from '../common/echo.ts';
import type { EngineSpec } from '../contract/engine.ts';
import type { Reader } from './reader.ts';

const KEYS = ['kind', 'url', 'database', 'user_env', 'password_env', 'refresh'];
const NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;
const ENV = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** An identifier ClickHouse takes backquoted: no backquote, backslash or control character. */
const IDENTIFIER = /^[^`\\\p{Cc}]{1,200}$/u;

/**
 * The `engines:` mapping, by name in name order. Credentials are never in the catalog: a `user`,
 * `password` key or a URL holding `user:password@` is a problem whose message does not echo the value.
 */
export function toEngineSpecs(raw: unknown, r: Reader, path: string, problems: string[]): EngineSpec[] {
  if (raw === undefined || raw === null) return [];
  const engines: EngineSpec[] = [];
  for (const [name, value] of Object.entries(r.object(raw, 'engines')).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const where = `engines.${toEchoText(name)}`;
    if (!NAME.test(name)) problems.push(`${path}: ${where}: an engine name is a letter then letters, digits, _ or -.`);
    const o = r.object(value, where);
    for (const k of Object.keys(o)) {
      if (/^(user(name)?|password|passwd|secret|token)$/i.test(k))
        problems.push(
          `${path}: ${where}: \`${toEchoText(k)}\` is not allowed: credentials come only from the environment (user_env: <VAR>, password_env: <VAR>).`,
        );
      else if (!KEYS.includes(k))
        problems.push(`${path}: ${where}: unknown key \`${toEchoText(k)}\`; allowed: ${KEYS.join(', ')}.`);
    }
    const kind = r.oneOf(o.kind ?? 'clickhouse', where, 'kind', ['clickhouse'] as const);
    const url = toEngineUrl(o.url, where, path, problems);
    const database = r.string(o.database, where, 'database') ?? 'default';
    if (!IDENTIFIER.test(database))
      problems.push(`${path}: ${where}: \`database\` ${toEcho(database)} cannot be quoted as an identifier.`);
    const env = (key: 'user_env' | 'password_env') => {
      const v = r.string(o[key], where, key);
      if (v !== null && !ENV.test(v))
        problems.push(
          `${path}: ${where}: \`${key}\` names an environment variable (letters, digits, _), got ${toEcho(v)}.`,
        );
      return v;
    };
    const [userEnv, passwordEnv] = [env('user_env'), env('password_env')];
    const refresh = r.number(o.refresh, where, 'refresh');
    if (refresh !== null && !(refresh >= 1))
      problems.push(`${path}: ${where}: \`refresh\` is a number of seconds ≥ 1, got ${refresh}.`);
    engines.push({
      name,
      kind: kind ?? 'clickhouse',
      url: url ?? '',
      database,
      userEnv,
      passwordEnv,
      refresh: refresh !== null && refresh >= 1 ? refresh : null,
      where,
    });
  }
  return engines;
}

/** A checked engine URL (http or https, no credentials, no query); its problems never echo it (it may hold a password). */
function toEngineUrl(v: unknown, where: string, path: string, problems: string[]): string | null {
  if (v === undefined || v === null) {
    problems.push(`${path}: ${where}: \`url\` is required (e.g. http://clickhouse:8123).`);
    return null;
  }
  let url: URL;
  try {
    url = new URL(String(v));
  } catch {
    problems.push(`${path}: ${where}: \`url\` is not a URL; give one like http://clickhouse:8123.`);
    return null;
  }
  if (url.username || url.password) {
    problems.push(
      `${path}: ${where}: \`url\` holds credentials (user:password@); remove them and name environment variables in user_env and password_env.`,
    );
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    problems.push(`${path}: ${where}: \`url\` must be http:// or https://, got ${toEcho(url.protocol)}.`);
    return null;
  }
  if (url.search || url.hash) {
    problems.push(`${path}: ${where}: \`url\` takes no query or fragment; settings come from Sorrel.`);
    return null;
  }
  return url.href.replace(/\/$/, '');
}

/**
 * An engine dataset's `engine:` and `table:` (null, null for a file dataset). A dataset gives
 * `file:` or `engine:` + `table:`, never both; the engine must be declared under `engines:`.
 */
export function toDatasetSource(
  o: Record<string, unknown>,
  w: string,
  r: Reader,
  path: string,
  problems: string[],
  engines: readonly EngineSpec[],
): { engine: string | null; table: string | null; rootKey: string | null } {
  const engine = r.string(o.engine, w, 'engine');
  const table = r.string(o.table, w, 'table');
  const rootKey = r.string(o.root_key, w, 'root_key');
  if (engine === null && table === null) {
    if (rootKey !== null)
      problems.push(
        `${path}: ${w}: \`root_key\` tells how an engine table is sharded; a file dataset has no shards (remove it, or give \`engine\` + \`table\`).`,
      );
    return { engine: null, table: null, rootKey: null };
  }
  if (rootKey !== null && !IDENTIFIER.test(rootKey))
    problems.push(`${path}: ${w}: \`root_key\` ${toEcho(rootKey)} cannot be quoted as an identifier.`);
  if (o.file !== undefined) problems.push(`${path}: ${w}: give \`file\` or \`engine\` + \`table\`, not both.`);
  if (o.format !== undefined) problems.push(`${path}: ${w}: \`format\` is for files; an engine table has no format.`);
  if (engine === null) problems.push(`${path}: ${w}: \`table\` needs \`engine\`: the engines entry holding it.`);
  else if (!engines.some((e) => e.name === engine))
    problems.push(
      `${path}: ${w}: engine ${toEcho(engine)} is not declared under engines${engines.length ? ` (declared: ${engines.map((e) => e.name).join(', ')})` : ''}.`,
    );
  if (table === null)
    problems.push(`${path}: ${w}: \`engine\` needs \`table\`: the table's name in the engine's database.`);
  else if (!IDENTIFIER.test(table))
    problems.push(`${path}: ${w}: \`table\` ${toEcho(table)} cannot be quoted as an identifier.`);
  return { engine, table, rootKey };
}
