// The server's request and response classes: every field the app sets on them exists from construction (one hidden class each).
import { IncomingMessage, ServerResponse } from 'node:http';
import type { Query } from './route.ts';

const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/**
 * Why: Polka's loop (src/http/dispatch.ts) and the app add `path`, `query`, `params`, `route`,
 * `userName`… to each request, and the metric a `startedAt` to each response. Added one by one to
 * Node's own objects, every request moved through a chain of hidden classes, and Node's own code,
 * which reads these objects after the app did, saw more than one shape. Declared here, they are part
 * of the object as Node builds it (createServer's `IncomingMessage` and `ServerResponse` options).
 */
export class ApiIncomingMessage extends IncomingMessage {
  path = '';
  originalUrl = '';
  search = '';
  query: Query = NO_PARAMS as Query;
  params: Record<string, string> = NO_PARAMS;
  route: string | undefined = undefined;
  userName: string | undefined = undefined;
  _parsedUrl: unknown = undefined; // @polka/url's memo of the parsed URL
}

/** A response with the time its request started (performance.now() ms), for the request metric. */
export class ApiServerResponse<R extends IncomingMessage = IncomingMessage> extends ServerResponse<R> {
  startedAt = 0;
}
