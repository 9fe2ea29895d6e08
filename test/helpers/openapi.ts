// Test helper: checks every HTTP answer against the OpenAPI document, so a shape it does not describe fails.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { DEFAULT_CONFIG } from '../../src/config.ts';
import { toOpenApiDocument } from '../../src/contract/openapi/document.ts';

type Json = Record<string, any>;

export const DOCUMENT = toOpenApiDocument({
  title: 'test',
  version: '0.0.0',
  baseUrl: 'http://localhost',
  limits: DEFAULT_CONFIG,
}) as Json;

// Headers whose presence must be documented: an answer carrying one its operation does not name fails.
const TRACKED = ['etag', 'x-total-count', 'link', 'retry-after', 'www-authenticate'];
// Paths of the web page, which the document does not describe (it is HTML, not the API).
const WEB = /^\/(assets\/[^/]+)?$/;

const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
ajv.addVocabulary(['openapi', 'info', 'servers', 'tags', 'security', 'paths', 'components']);
ajv.addSchema(DOCUMENT, 'openapi');
const compiled = new Map<string, ValidateFunction>();

/** A validator for the schema at a JSON pointer in the document. */
function validatorAt(pointer: string): ValidateFunction {
  let v = compiled.get(pointer);
  if (!v) compiled.set(pointer, (v = ajv.compile({ $ref: `openapi#${pointer}` })));
  return v;
}

const TEMPLATES = Object.keys(DOCUMENT.paths).map((t) => ({
  template: t,
  regex: new RegExp(
    `^${t
      .replace(/\/$/, '')
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace(/\{[^}]+\}/g, '[^/]+')}/?$`,
  ),
}));

/** The document path template that serves a request path (with or without its trailing slash), if any. */
export function toTemplate(pathname: string): string | undefined {
  return TEMPLATES.find((t) => t.regex.test(pathname))?.template;
}

const toPointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

function fail(where: string, problem: string): never {
  throw new Error(`OpenAPI: ${where}: ${problem}`);
}

function resolveRef(node: Json): Json {
  if (typeof node?.$ref !== 'string') return node;
  return node.$ref
    .slice(2)
    .split('/')
    .reduce((o: Json, k: string) => o[k.replace(/~1/g, '/').replace(/~0/g, '~')], DOCUMENT);
}

/** Throws unless the answer's status, headers and body are what the document says for the request. */
export function checkResponse(method: string, url: string, status: number, headers: Headers, text: string): void {
  const { pathname } = new URL(url);
  const where = `${method} ${pathname} → ${status}`;
  if (WEB.test(pathname) && (method === 'GET' || method === 'HEAD')) return;
  if (method === 'OPTIONS') {
    if (status !== 204 || text !== '') fail(where, 'a CORS preflight answers 204 with no body');
    return;
  }
  const template = toTemplate(pathname);
  let pointer: string;
  let response: Json;
  const operation = template && method === 'POST' ? DOCUMENT.paths[template].post : undefined;
  if (operation) {
    response = operation.responses[status];
    if (!response) fail(where, `status ${status} is not documented for POST ${template}`);
    pointer = `/paths/${toPointer(template!)}/post/responses/${status}/content/application~1json/schema`;
    checkHeaders(where, response.headers ?? {}, headers);
  } else if (method !== 'GET' && method !== 'HEAD') {
    if (status !== 405 || !headers.get('allow')) fail(where, `${method} must be a 405 with Allow`);
    response = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
    pointer = '/components/schemas/Error';
  } else if (!template) {
    if (status !== 404) fail(where, 'the document has no such path, so only a 404 is allowed');
    response = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
    pointer = '/components/schemas/Error';
  } else {
    const base = `/paths/${toPointer(template)}/get/responses/${status}`;
    response = DOCUMENT.paths[template].get.responses[status];
    if (!response) fail(where, `status ${status} is not documented for GET ${template}`);
    pointer = `${base}/content/application~1json/schema`;
    checkHeaders(where, response.headers ?? {}, headers);
  }

  const content = response.content as Json | undefined;
  if (!content) {
    if (text !== '') fail(where, 'the document gives this answer no body');
    return;
  }
  const type = Object.keys(content).find((t) => headers.get('content-type')?.startsWith(t));
  if (!type) fail(where, `Content-Type ${headers.get('content-type')} is not ${Object.keys(content).join(' or ')}`);
  if (method === 'HEAD') {
    if (text !== '') fail(where, 'a HEAD answer has no body');
    return;
  }
  if (type !== 'application/json') return;
  const validate = validatorAt(pointer);
  if (!validate(JSON.parse(text))) fail(where, ajv.errorsText(validate.errors, { dataVar: 'body' }));
}

function checkHeaders(where: string, documented: Json, headers: Headers): void {
  const names = new Map(Object.keys(documented).map((n) => [n.toLowerCase(), n]));
  for (const name of TRACKED) {
    if (headers.has(name) && !names.has(name)) fail(where, `header ${name} is sent but not documented for this answer`);
  }
  for (const [lower, name] of names) {
    const h = resolveRef(documented[name]);
    const value = headers.get(lower);
    if (value === null) {
      if (h.required) fail(where, `required header ${name} is missing`);
      continue;
    }
    const schema = h.schema as Json;
    const data = schema.type === 'integer' && /^\d+$/.test(value) ? Number(value) : value;
    const validate = ajv.compile(schema);
    if (!validate(data)) fail(where, `header ${name}: ${JSON.stringify(value)} ${ajv.errorsText(validate.errors)}`);
  }
}
