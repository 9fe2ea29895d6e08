// The OpenAPI 3.1 document of the service, assembled from its parts: the one description tests enforce.
import { DATA_SCHEMAS } from './data.ts';
import { DISCLOSURE_SCHEMAS } from './disclosure.ts';
import { toParameters, type Limits } from './parameters.ts';
import { PATHS } from './paths.ts';
import { RESOURCE_SCHEMAS } from './resources.ts';
import { HEADERS } from './responses.ts';
import type { Schema } from './schema.ts';
import { SERVICE_SCHEMAS } from './service.ts';

export type { Limits } from './parameters.ts';

export type DocumentOptions = { title: string; version: string; baseUrl: string; limits: Limits };

const DESCRIPTION = `A read-only catalog of the concepts and fields of a data set: browse, search, list a field's values and chart its distribution.

- Every path answers GET and HEAD (and OPTIONS for CORS preflights); any other method is a 405 with \`Allow: GET, HEAD, OPTIONS\`. A path works with or without its trailing slash.
- Every answer on an /api/ path is JSON (\`application/json; charset=utf-8\`), errors included, in one error body; /values/ and /dist/ also answer an Arrow IPC stream to \`Accept: application/vnd.apache.arrow.stream\` (and vary by \`Accept\`).
- Results depend on who asks: a non-privileged user sees published, unarchived objects whose groups (if any) they share; privileged users see everything. Something you may not see answers exactly like something that does not exist.
- Unknown query parameters are ignored; a known parameter with a bad value is a 400 naming it. Booleans accept true/false/1/0/yes/no.
- Every deterministic 200 carries a strong \`ETag\`; \`If-None-Match\` gives a 304. Allowed CORS origins are echoed with credentials, and \`ETag, Link, X-Total-Count\` are exposed.`;

/** The whole document for a server answering at `baseUrl` with the given limits. */
export function toOpenApiDocument(o: DocumentOptions): Schema {
  return {
    openapi: '3.1.0',
    info: { title: `Sorrel API: ${o.title}`, version: o.version, description: DESCRIPTION },
    servers: [{ url: o.baseUrl }],
    tags: [
      { name: 'catalog', description: 'Concepts, fields and the documents that describe the service.' },
      {
        name: 'data',
        description: 'What a field holds: values, distributions and stats, optionally restricted by a context.',
      },
      { name: 'operations', description: 'Health, readiness and metrics for load balancers and monitoring.' },
    ],
    security: [{}, { bearer: [] }],
    paths: PATHS,
    components: {
      schemas: { ...RESOURCE_SCHEMAS, ...DATA_SCHEMAS, ...DISCLOSURE_SCHEMAS, ...SERVICE_SCHEMAS },
      parameters: toParameters(o.limits),
      headers: HEADERS,
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            "An API key listed in the catalog (stored as its SHA-256) or a JWT verified with the catalog's key. Without credentials you are the anonymous user (unless the catalog turns anonymous access off); invalid or expired credentials are a 401, never a fall-back to anonymous.",
        },
      },
    },
  };
}
