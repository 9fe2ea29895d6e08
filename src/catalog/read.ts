// Reads a catalog file (YAML or JSON) and checks its structure, collecting every problem.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { INTERNAL_TYPES, type DataFormat, type InternalType } from '../contract/types.ts';

export type DatasetSpec = {
  name: string; model: string; file: string; format: DataFormat | null;
  columns: Record<string, InternalType>; where: string;
};
export type CategorySpec = { id: number; name: string; order: number; parent: number | null; where: string };
export type FieldSpec = {
  id: number; dataset: string; column: string; name: string; plural_name: string | null;
  alt_name: string | null; alt_plural_name: string | null; description: string | null; keywords: string | null;
  unit: string | null; plural_unit: string | null; published: boolean; archived: boolean;
  enumerable: boolean | null; searchable: boolean | null; nullable: boolean | null;
  internal_type: InternalType | null; label_column: string | null; groups: string[] | null;
  category: number | null; modified: string | null; where: string;
};
export type ConceptSpec = {
  id: number; name: string; plural_name: string | null; description: string; keywords: string;
  category: number | null; order: number; published: boolean; archived: boolean; sortable: boolean;
  formatter_name: string; queryview: string; groups: string[] | null; modified: string | null;
  fields: { id: number; alt_name: string | null; alt_plural_name: string | null }[]; where: string;
};
export type ApiKeySpec = { name: string; sha256: string; privileged: boolean; groups: string[] };
export type JwtSpec = {
  algorithm: 'HS256' | 'RS256' | 'ES256'; secret: string | null; publicKeyFile: string | null; jwksFile: string | null;
  issuer: string | null; audience: string | null;
  claims: { name: string; privileged: string; groups: string };
};
export type AccessSpec = { anonymous: boolean; apiKeys: ApiKeySpec[]; jwt: JwtSpec | null };

export type CatalogSpec = {
  path: string; text: string; title: string; modified: string;
  access: AccessSpec; datasets: DatasetSpec[]; categories: CategorySpec[];
  fields: FieldSpec[]; concepts: ConceptSpec[];
};

/** A catalog that cannot be served: every problem, each naming the file and the entry. */
export class CatalogError extends Error {
  constructor(readonly problems: string[]) {
    super(`The catalog has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n` + problems.map((p) => `  - ${p}`).join('\n'));
  }
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/;
const FORMATS: DataFormat[] = ['csv', 'tsv', 'ndjson', 'json', 'arrow', 'parquet'];

/** Formats a Date as the API timestamp: YYYY-MM-DDTHH:MM:SS.mmm, UTC, no zone designator. */
export function toTimestamp(d: Date): string {
  return d.toISOString().slice(0, 23);
}

/** Resolves a catalog `file:` entry: relative to the catalog, or `npm:<package>/<path>` from node_modules. */
export function resolveDataPath(file: string, catalogPath: string): string {
  if (file.startsWith('npm:')) {
    const spec = file.slice(4);
    const parts = spec.split('/');
    const pkg = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
    const rest = parts.slice(spec.startsWith('@') ? 2 : 1).join('/');
    // Packages may not export package.json, so look for the folder on Node's search path.
    const paths = createRequire(resolve(dirname(catalogPath), 'catalog.js')).resolve.paths(pkg) ?? [];
    const dir = paths.map((p) => join(p, pkg)).find((d) => existsSync(d));
    if (!dir) throw new Error(`${file}: package "${pkg}" is not installed (run npm install).`);
    return resolve(dir, rest);
  }
  return isAbsolute(file) ? file : resolve(dirname(catalogPath), file);
}

/** Reads and structurally checks a catalog file; throws CatalogError listing every problem. */
export function loadCatalog(path: string): CatalogSpec {
  const { spec, problems } = readCatalog(path);
  if (problems.length || !spec) throw new CatalogError(problems);
  return spec;
}

/**
 * Reads a catalog and collects its structural problems without throwing, so `sorrel check` can go
 * on to load the data and report those problems too. `spec` is null when the file cannot be parsed.
 */
export function readCatalog(path: string): { spec: CatalogSpec | null; problems: string[] } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    return { spec: null, problems: [`${path}: cannot read the catalog file (${(err as NodeJS.ErrnoException).code ?? String(err)}).`] };
  }
  let doc: unknown;
  try {
    doc = /\.json$/i.test(path) ? JSON.parse(text) : parseYaml(text);
  } catch (err) {
    return { spec: null, problems: [`${path}: not valid ${/\.json$/i.test(path) ? 'JSON' : 'YAML'}: ${(err as Error).message.split('\n')[0]}`] };
  }
  const problems: string[] = [];
  const spec = toCatalogSpec(doc, path, text, toTimestamp(statSync(path).mtime), problems);
  return { spec, problems };
}

/** Checks a parsed catalog document; `fileModified` is the default `modified` timestamp. */
export function checkCatalog(doc: unknown, path: string, text: string, fileModified: string): CatalogSpec {
  const problems: string[] = [];
  const spec = toCatalogSpec(doc, path, text, fileModified, problems);
  if (problems.length) throw new CatalogError(problems);
  return spec;
}

function toCatalogSpec(doc: unknown, path: string, text: string, fileModified: string, problems: string[]): CatalogSpec {
  const r = reader(path, problems);
  const root = r.object(doc, '(top level)');
  r.known(root, '(top level)', ['title', 'modified', 'access', 'datasets', 'categories', 'fields', 'concepts']);
  const modified = r.timestamp(root.modified, '(top level)', 'modified') ?? fileModified;

  const datasets = r.list(root.datasets, 'datasets').map((raw, i) => {
    const where = `datasets[${i}]`;
    const o = r.object(raw, where);
    r.known(o, where, ['name', 'model', 'file', 'format', 'columns']);
    const name = r.string(o.name, where, 'name', true) ?? `#${i}`;
    const w = `datasets[${i}] (${name})`;
    const format = o.format === undefined ? null : r.oneOf(o.format, w, 'format', FORMATS);
    const columns: Record<string, InternalType> = {};
    for (const [col, t] of Object.entries(r.object(o.columns ?? {}, `${w}.columns`))) {
      const type = r.oneOf(t, w, `columns.${col}`, INTERNAL_TYPES);
      if (type) columns[col] = type;
    }
    return { name, model: r.string(o.model, w, 'model') ?? name, file: r.string(o.file, w, 'file', true) ?? '', format, columns, where: w };
  });
  r.unique(datasets.map((d) => [d.name, d.where]), 'dataset name');

  const categories = r.list(root.categories, 'categories').map((raw, i) => {
    const o = r.object(raw, `categories[${i}]`);
    const id = r.id(o.id, `categories[${i}]`);
    const where = `categories[${i}] (id ${id})`;
    r.known(o, where, ['id', 'name', 'order', 'parent']);
    return {
      id, where, name: r.string(o.name, where, 'name', true) ?? '', order: r.number(o.order, where, 'order') ?? 0,
      parent: o.parent === undefined || o.parent === null ? null : r.id(o.parent, where, 'parent'),
    };
  });
  r.unique(categories.map((c) => [c.id, c.where]), 'category id');
  const categoryIds = new Map(categories.map((c) => [c.id, c]));
  for (const c of categories) {
    if (c.parent === null) continue;
    const parent = categoryIds.get(c.parent);
    if (!parent) problems.push(`${path}: ${c.where}: parent ${c.parent} is not a category id.`);
    else if (parent.id === c.id) problems.push(`${path}: ${c.where}: a category cannot be its own parent.`);
    else if (parent.parent !== null) problems.push(`${path}: ${c.where}: parent ${c.parent} has a parent itself; categories nest one level only.`);
  }
  const datasetNames = new Set(datasets.map((d) => d.name));
  const checkCategory = (id: number | null, where: string) => {
    if (id !== null && !categoryIds.has(id)) problems.push(`${path}: ${where}: category ${id} is not a category id.`);
  };

  const fields: FieldSpec[] = r.list(root.fields, 'fields').map((raw, i) => {
    const o = r.object(raw, `fields[${i}]`);
    const id = r.id(o.id, `fields[${i}]`);
    const where = `fields[${i}] (id ${id})`;
    r.known(o, where, ['id', 'dataset', 'column', 'name', 'plural_name', 'alt_name', 'alt_plural_name', 'description',
      'keywords', 'unit', 'plural_unit', 'published', 'archived', 'enumerable', 'searchable', 'nullable', 'internal_type',
      'label_column', 'groups', 'category', 'modified']);
    const dataset = r.string(o.dataset, where, 'dataset', true) ?? '';
    if (dataset && !datasetNames.has(dataset)) problems.push(`${path}: ${where}: dataset "${dataset}" is not declared under datasets.`);
    const column = r.string(o.column, where, 'column', true) ?? '';
    const category = o.category === undefined || o.category === null ? null : r.id(o.category, where, 'category');
    checkCategory(category, where);
    return {
      id, dataset, column, where,
      name: r.string(o.name, where, 'name') ?? column,
      plural_name: r.string(o.plural_name, where, 'plural_name'),
      alt_name: r.string(o.alt_name, where, 'alt_name'), alt_plural_name: r.string(o.alt_plural_name, where, 'alt_plural_name'),
      description: r.string(o.description, where, 'description'), keywords: r.string(o.keywords, where, 'keywords'),
      unit: r.string(o.unit, where, 'unit'), plural_unit: r.string(o.plural_unit, where, 'plural_unit'),
      published: r.bool(o.published, where, 'published') ?? true, archived: r.bool(o.archived, where, 'archived') ?? false,
      enumerable: r.bool(o.enumerable, where, 'enumerable'), searchable: r.bool(o.searchable, where, 'searchable'),
      nullable: r.bool(o.nullable, where, 'nullable'),
      internal_type: o.internal_type === undefined ? null : r.oneOf(o.internal_type, where, 'internal_type', INTERNAL_TYPES),
      label_column: r.string(o.label_column, where, 'label_column'), groups: r.groups(o.groups, where),
      category, modified: r.timestamp(o.modified, where, 'modified'),
    };
  });
  r.unique(fields.map((f) => [f.id, f.where]), 'field id');
  const fieldIds = new Set(fields.map((f) => f.id));

  const concepts: ConceptSpec[] = r.list(root.concepts, 'concepts').map((raw, i) => {
    const o = r.object(raw, `concepts[${i}]`);
    const id = r.id(o.id, `concepts[${i}]`);
    const where = `concepts[${i}] (id ${id})`;
    r.known(o, where, ['id', 'name', 'plural_name', 'description', 'keywords', 'category', 'order', 'published', 'archived',
      'sortable', 'formatter_name', 'queryview', 'groups', 'modified', 'fields']);
    const category = o.category === undefined || o.category === null ? null : r.id(o.category, where, 'category');
    checkCategory(category, where);
    const refs = r.list(o.fields, `${where}.fields`).map((ref, j) => {
      const w = `${where}.fields[${j}]`;
      const ro = typeof ref === 'object' && ref !== null ? r.object(ref, w) : { id: ref };
      r.known(ro, w, ['id', 'alt_name', 'alt_plural_name']);
      const fid = r.id(ro.id, w);
      if (fid > 0 && !fieldIds.has(fid)) problems.push(`${path}: ${w}: field ${fid} is not a field id.`);
      return { id: fid, alt_name: r.string(ro.alt_name, w, 'alt_name'), alt_plural_name: r.string(ro.alt_plural_name, w, 'alt_plural_name') };
    });
    const seen = new Set<number>();
    for (const ref of refs) {
      if (seen.has(ref.id)) problems.push(`${path}: ${where}: field ${ref.id} is listed twice.`);
      seen.add(ref.id);
    }
    return {
      id, where, category, fields: refs,
      name: r.string(o.name, where, 'name', true) ?? '', plural_name: r.string(o.plural_name, where, 'plural_name'),
      description: r.string(o.description, where, 'description') ?? '', keywords: r.string(o.keywords, where, 'keywords') ?? '',
      order: r.number(o.order, where, 'order') ?? 0,
      published: r.bool(o.published, where, 'published') ?? true, archived: r.bool(o.archived, where, 'archived') ?? false,
      sortable: r.bool(o.sortable, where, 'sortable') ?? true,
      formatter_name: r.string(o.formatter_name, where, 'formatter_name') ?? '', queryview: r.string(o.queryview, where, 'queryview') ?? '',
      groups: r.groups(o.groups, where), modified: r.timestamp(o.modified, where, 'modified'),
    };
  });
  r.unique(concepts.map((c) => [c.id, c.where]), 'concept id');

  const access = checkAccess(root.access, r, problems, path);
  return {
    path, text, title: r.string(root.title, '(top level)', 'title') ?? 'Sorrel catalog', modified,
    access, datasets, categories, fields, concepts,
  };
}

function checkAccess(raw: unknown, r: Reader, problems: string[], path: string): AccessSpec {
  const o = r.object(raw ?? {}, 'access');
  r.known(o, 'access', ['anonymous', 'api_keys', 'jwt']);
  const apiKeys = r.list(o.api_keys, 'access.api_keys').map((k, i) => {
    const where = `access.api_keys[${i}]`;
    const ko = r.object(k, where);
    r.known(ko, where, ['name', 'sha256', 'privileged', 'groups']);
    const sha256 = (r.string(ko.sha256, where, 'sha256', true) ?? '').toLowerCase();
    if (sha256 && !/^[0-9a-f]{64}$/.test(sha256)) problems.push(`${path}: ${where}: sha256 must be 64 hex digits (the SHA-256 of the key; see \`sorrel hash-key\`).`);
    return { name: r.string(ko.name, where, 'name', true) ?? '', sha256, privileged: r.bool(ko.privileged, where, 'privileged') ?? false, groups: r.groups(ko.groups, where) ?? [] };
  });
  let jwt: JwtSpec | null = null;
  if (o.jwt !== undefined && o.jwt !== null) {
    const jo = r.object(o.jwt, 'access.jwt');
    r.known(jo, 'access.jwt', ['algorithm', 'secret', 'secret_env', 'public_key_file', 'jwks_file', 'issuer', 'audience', 'claims']);
    const algorithm = r.oneOf(jo.algorithm ?? 'HS256', 'access.jwt', 'algorithm', ['HS256', 'RS256', 'ES256'] as const) ?? 'HS256';
    const secretEnv = r.string(jo.secret_env, 'access.jwt', 'secret_env');
    const secret = r.string(jo.secret, 'access.jwt', 'secret') ?? (secretEnv ? process.env[secretEnv] ?? null : null);
    const keyFile = r.string(jo.public_key_file, 'access.jwt', 'public_key_file');
    const jwksFile = r.string(jo.jwks_file, 'access.jwt', 'jwks_file');
    if (algorithm === 'HS256' && !secret) problems.push(`${path}: access.jwt: HS256 needs \`secret\` or \`secret_env\` naming a set environment variable${secretEnv ? ` (${secretEnv} is not set)` : ''}.`);
    if (algorithm !== 'HS256' && !keyFile && !jwksFile) problems.push(`${path}: access.jwt: ${algorithm} needs \`public_key_file\` (PEM) or \`jwks_file\`.`);
    const claims = r.object(jo.claims ?? {}, 'access.jwt.claims');
    r.known(claims, 'access.jwt.claims', ['name', 'privileged', 'groups']);
    jwt = {
      algorithm, secret, issuer: r.string(jo.issuer, 'access.jwt', 'issuer'), audience: r.string(jo.audience, 'access.jwt', 'audience'),
      publicKeyFile: keyFile ? resolveDataPath(keyFile, path) : null, jwksFile: jwksFile ? resolveDataPath(jwksFile, path) : null,
      claims: {
        name: r.string(claims.name, 'access.jwt.claims', 'name') ?? 'sub',
        privileged: r.string(claims.privileged, 'access.jwt.claims', 'privileged') ?? 'privileged',
        groups: r.string(claims.groups, 'access.jwt.claims', 'groups') ?? 'groups',
      },
    };
  }
  return { anonymous: r.bool(o.anonymous, 'access', 'anonymous') ?? true, apiKeys, jwt };
}

type Reader = ReturnType<typeof reader>;

/** Typed accessors that record a problem (file + entry + key) instead of throwing. */
function reader(path: string, problems: string[]) {
  const bad = (where: string, key: string, what: string, v: unknown) =>
    problems.push(`${path}: ${where}: \`${key}\` must be ${what}, got ${JSON.stringify(v)}.`);
  return {
    object(v: unknown, where: string): Record<string, unknown> {
      if (typeof v === 'object' && v !== null && !Array.isArray(v)) return v as Record<string, unknown>;
      problems.push(`${path}: ${where}: must be a mapping, got ${JSON.stringify(v)}.`);
      return {};
    },
    list(v: unknown, where: string): unknown[] {
      if (v === undefined || v === null) return [];
      if (Array.isArray(v)) return v;
      problems.push(`${path}: ${where}: must be a list.`);
      return [];
    },
    known(o: Record<string, unknown>, where: string, keys: string[]) {
      for (const k of Object.keys(o)) {
        if (!keys.includes(k)) problems.push(`${path}: ${where}: unknown key \`${k}\`; allowed: ${keys.join(', ')}.`);
      }
    },
    string(v: unknown, where: string, key: string, required = false): string | null {
      if (v === undefined || v === null) {
        if (required) problems.push(`${path}: ${where}: \`${key}\` is required.`);
        return null;
      }
      if (typeof v === 'string') return v;
      if (typeof v === 'number') return String(v);
      bad(where, key, 'a string', v);
      return null;
    },
    number(v: unknown, where: string, key: string): number | null {
      if (v === undefined || v === null) return null;
      if (typeof v === 'number' && Number.isFinite(v)) return v;
      bad(where, key, 'a number', v);
      return null;
    },
    id(v: unknown, where: string, key = 'id'): number {
      if (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) return v;
      bad(where, key, 'a positive integer', v);
      return -1;
    },
    bool(v: unknown, where: string, key: string): boolean | null {
      if (v === undefined || v === null) return null;
      if (typeof v === 'boolean') return v;
      bad(where, key, 'true or false', v);
      return null;
    },
    oneOf<T extends string>(v: unknown, where: string, key: string, allowed: readonly T[]): T | null {
      if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as T;
      bad(where, key, `one of ${allowed.join(', ')}`, v);
      return null;
    },
    timestamp(v: unknown, where: string, key: string): string | null {
      if (v === undefined || v === null) return null;
      if (v instanceof Date) return toTimestamp(v);
      if (typeof v === 'string' && TIMESTAMP.test(v) && !Number.isNaN(Date.parse(v + 'Z'))) return v;
      bad(where, key, 'a timestamp like 2026-11-20T09:15:02.120', v);
      return null;
    },
    groups(v: unknown, where: string): string[] | null {
      if (v === undefined || v === null) return null;
      if (Array.isArray(v) && v.every((g) => typeof g === 'string' && g)) return [...new Set(v as string[])].sort();
      bad(where, 'groups', 'a list of group names', v);
      return null;
    },
    unique(pairs: [unknown, string][], what: string) {
      const seen = new Map<unknown, string>();
      for (const [key, where] of pairs) {
        if (key === -1) continue;
        const first = seen.get(key);
        if (first) problems.push(`${path}: ${where}: duplicate ${what} ${JSON.stringify(key)} (first used by ${first}).`);
        else seen.set(key, where);
      }
    },
  };
}
