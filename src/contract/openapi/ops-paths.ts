// OpenAPI paths of the operations endpoints: /healthz, /readyz and /metrics (outside /api/).
import { toErrorResponse } from './responses.ts';
import type { Schema } from './schema.ts';

const schema = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

/** The operations endpoints' part of the `paths` object. */
export const OPS_PATHS: Record<string, Schema> = {
  '/healthz': {
    get: {
      operationId: 'getHealth',
      tags: ['operations'],
      summary: 'Liveness',
      security: [],
      description: '200 while the process is alive.',
      responses: { 200: { description: 'Alive.', content: { 'application/json': { schema: schema('Health') } } } },
    },
  },
  '/readyz': {
    get: {
      operationId: 'getReady',
      tags: ['operations'],
      summary: 'Readiness',
      security: [],
      description:
        "200 with the served version once data and indexes are loaded (and the last reload's outcome once one was tried); 503 while loading and from the moment a drain starts.",
      responses: {
        200: { description: 'Ready.', content: { 'application/json': { schema: schema('Ready') } } },
        503: toErrorResponse(503, ['UNAVAILABLE'], 'Still loading.'),
      },
    },
  },
  '/metrics': {
    get: {
      operationId: 'getMetrics',
      tags: ['operations'],
      summary: 'Prometheus metrics',
      security: [],
      description:
        'Request counts and latencies by route and status, reply-cache hits, pool queue and utilisation, cache bytes, snapshot row counts (datasets that visible fields name) and Node process metrics. Not public by default: with `SORREL_METRICS_TOKEN` set it needs `Authorization: Bearer <token>`; without a token it is served only when `SORREL_METRICS_PUBLIC=true`, else it is a 404 like an unknown path.',
      responses: {
        200: {
          description: 'Prometheus text exposition format 0.0.4.',
          content: { 'text/plain': { schema: { type: 'string' } } },
        },
        401: toErrorResponse(401, ['UNAUTHORIZED'], 'The metrics token is missing or wrong.'),
        404: toErrorResponse(
          404,
          ['NOT_FOUND'],
          'No `SORREL_METRICS_TOKEN` and no `SORREL_METRICS_PUBLIC=true`: /metrics is not served.',
        ),
      },
    },
  },
};
