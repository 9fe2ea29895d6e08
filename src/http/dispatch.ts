// Polka's request loop without a promise per step: the same request fields, handler order and error routing.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Polka, Request } from 'polka';

type Next = (err?: unknown) => void;
type Handler = (req: Request, res: ServerResponse, next: Next) => unknown;
type Loop = {
  parse(req: IncomingMessage): { pathname: string; search: string; query?: Record<string, string> };
  find(method: string, path: string): { params: Record<string, string>; handlers: Handler[] };
  onError(err: unknown, req: Request, res: ServerResponse, next: Next): void;
  onNoMatch: Handler;
};

/**
 * Why: Polka's `handler` (1.0.0-next.28) walks a request's handlers with an `async` arrow and
 * `loop().catch(next)` at each step, so a reply-cache hit, which passes the method rules and then
 * its route, made four promises, their microtasks and two closures — about a third of the CPU a hit
 * costs beyond writing its bytes (bench/http/README.md). This loop does what Polka's does, in the
 * same order: it parses the URL and sets `path`, `url`, `originalUrl`, `query`, `search` and
 * `params` (percent-decoded) as Polka does; runs the route's handlers, then `onNoMatch`, each while
 * the response is not ended; sends a handler's throw, its rejected promise, or `next(err)` to
 * `onError`, and a falsy error on to the next handler as Polka's `.catch(next)` does. The only
 * difference: a synchronous throw reaches `onError` at once instead of a microtask later.
 */
export function toRequestHandler(app: Polka<never>): (req: IncomingMessage, res: ServerResponse) => void {
  const loop = app as unknown as Loop;
  return (incoming, res) => {
    const req = incoming as Request;
    const info = loop.parse(req);
    const path = info.pathname;
    const found = loop.find(req.method, (req.path = path));
    req.url = path + info.search;
    req.originalUrl = req.originalUrl || req.url;
    req.query = info.query || {};
    req.search = info.search;
    req.params = found.params;
    if (path.length > 1 && path.indexOf('%', 1) !== -1) {
      for (const k in req.params) {
        try {
          req.params[k] = decodeURIComponent(req.params[k]);
        } catch {
          // a malformed escape stays as sent, as in Polka
        }
      }
    }
    const handlers = found.handlers;
    let i = 0;
    const next: Next = (err) => {
      if (err) {
        loop.onError(err, req, res, next);
        return;
      }
      if (res.writableEnded || i > handlers.length) return;
      const handle = i < handlers.length ? handlers[i] : loop.onNoMatch;
      i++;
      let out: unknown;
      try {
        out = handle(req, res, next);
      } catch (thrown) {
        next(thrown);
        return;
      }
      if (typeof (out as PromiseLike<unknown> | undefined)?.then === 'function')
        (out as PromiseLike<unknown>).then(undefined, next);
    };
    next();
  };
}
