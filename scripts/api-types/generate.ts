// `npm run types`: writes web/api-types.ts, the page's API types, from the OpenAPI document the service serves.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import generator from 'openapi-typescript/package.json' with { type: 'json' };
import pkg from '../../package.json' with { type: 'json' };
import { DEFAULT_CONFIG } from '../../src/config.ts';
import { toOpenApiDocument } from '../../src/contract/openapi/document.ts';
import type { Schema } from '../../src/contract/openapi/schema.ts';

/** Where the generated types live; test/web/api-types.test.ts checks the file is up to date. */
export const API_TYPES_FILE = fileURLToPath(new URL('../../web/api-types.ts', import.meta.url));

const HEADER = `// Generated from the OpenAPI document (src/contract/openapi/, served at /api/openapi.json) by
// openapi-typescript ${generator.version}: do not edit. Regenerate with \`npm run types\`; web/types.ts names the parts the page reads.
`;

/**
 * The document the types are made from: the served one with the default limits and a fixed title
 * and address, so the types depend on the contract only, not on who serves it.
 */
export function toTypedDocument(): Schema {
  const { maxValuesLimit, maxRandom, maxDimensions, maxGroups } = DEFAULT_CONFIG;
  return toOpenApiDocument({
    title: 'Sorrel',
    version: pkg.version,
    baseUrl: 'http://localhost:8000',
    limits: { maxValuesLimit, maxRandom, maxDimensions, maxGroups },
  });
}

/** The text of web/api-types.ts for a document (by default the current one). */
export async function toApiTypes(document: Schema = toTypedDocument()): Promise<string> {
  // A key with a default may be left out of what a client sends (a context node's `enabled`); no answer has one.
  const nodes = await openapiTS(document as unknown as OpenAPI3, { silent: true, defaultNonNullable: false });
  return HEADER + astToString(nodes);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(API_TYPES_FILE, await toApiTypes());
  console.log(`types: ${API_TYPES_FILE}`);
}
