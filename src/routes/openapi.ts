// GET /api/openapi.json: the OpenAPI 3.1 document, with this server's address and limits.
import pkg from '../../package.json' with { type: 'json' };
import { toOpenApiDocument } from '../contract/openapi/document.ts';
import { defineRoute } from '../http/route.ts';

/** The document; built per request (it is small) and cached like any answer by its ETag. */
export const getOpenApi = defineRoute<null>({
  path: '/api/openapi.json',
  name: 'openapi',
  parse: () => ({ params: null, canonical: [] }),
  answer(ctx) {
    const { maxValuesLimit, maxRandom, maxDimensions, maxGroups } = ctx.config;
    return {
      body: toOpenApiDocument({
        title: ctx.snapshot.title,
        version: pkg.version,
        baseUrl: ctx.baseUrl,
        limits: { maxValuesLimit, maxRandom, maxDimensions, maxGroups },
      }),
    };
  },
});
