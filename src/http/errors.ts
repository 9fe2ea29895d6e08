// The one HTTP error type, the error-code catalogue (API.md §9), and the table from domain errors to codes.
import { toEchoText } from '../common/echo.ts';
import { CredentialError, EngineUnavailableError, PoolBusyError, QueryError } from '../contract/errors.ts';

export type ErrorCode =
  | 'INVALID_PARAMETER'
  | 'INVALID_CONTEXT'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN_PARAMETER'
  | 'NOT_FOUND'
  | 'PAGE_NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'TOO_MANY_GROUPS'
  | 'NOT_SUPPORTED'
  | 'UNAVAILABLE'
  | 'ENGINE_UNAVAILABLE'
  | 'RATE_LIMITED'
  | 'INTERNAL'
  | 'INVALID_BODY'
  | 'BODY_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  // Requests Node cannot take as HTTP: a head that arrives too slowly (408) or is too large (431).
  | 'REQUEST_TIMEOUT'
  | 'HEADERS_TOO_LARGE';

export type HttpErrorOptions = { parameter?: string; headers?: Record<string, string>; cause?: unknown };

/** An error that becomes a JSON error body: `{status, code, message, parameter?}`. */
export class HttpError extends Error {
  readonly parameter?: string;
  readonly headers?: Record<string, string>;

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    options: HttpErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.parameter = options.parameter;
    this.headers = options.headers;
  }

  toJSON(): Record<string, unknown> {
    const body: Record<string, unknown> = { status: this.status, code: this.code, message: this.message };
    if (this.parameter !== undefined) body.parameter = this.parameter;
    return body;
  }
}

const RETRY = { 'Retry-After': '1' };
// An engine that is down or slow usually stays so for more than a second.
const ENGINE_RETRY = { 'Retry-After': '5' };

/**
 * Every error as an HttpError: the one table from domain errors to status and code. The domain
 * error stays as `cause` (for the log); its message reaches the body only where it is the user's.
 */
export function toHttpError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  if (err instanceof QueryError)
    return new HttpError(400, 'INVALID_PARAMETER', err.message, { parameter: 'query', cause: err });
  if (err instanceof CredentialError) {
    return new HttpError(401, 'UNAUTHORIZED', err.message, {
      headers: { 'WWW-Authenticate': 'Bearer realm="sorrel"' },
      cause: err,
    });
  }
  if (err instanceof PoolBusyError)
    return new HttpError(503, 'UNAVAILABLE', err.message, { headers: RETRY, cause: err });
  // The message names the engine and what went wrong (never its URL or credentials: src/engine/client.ts).
  if (err instanceof EngineUnavailableError)
    return new HttpError(503, 'ENGINE_UNAVAILABLE', `${err.message} Retry shortly.`, {
      headers: ENGINE_RETRY,
      cause: err,
    });
  return new HttpError(500, 'INTERNAL', 'The server failed to answer this request; it has been logged.', {
    cause: err,
  });
}

/** 400 INVALID_PARAMETER naming the parameter. */
export function badParameter(parameter: string, message: string): HttpError {
  return new HttpError(400, 'INVALID_PARAMETER', message, { parameter });
}

/** 400 INVALID_BODY: the request body (of a POST) is not what the endpoint takes. */
export function badBody(message: string): HttpError {
  return new HttpError(400, 'INVALID_BODY', message);
}

/** 400 INVALID_CONTEXT. */
export function badContext(message: string): HttpError {
  return new HttpError(400, 'INVALID_CONTEXT', message, { parameter: 'context' });
}

/** 404 NOT_FOUND for an unknown or invisible object; identical for both cases. */
export function notFound(kind: 'concept' | 'field', id: number | string): HttpError {
  return new HttpError(404, 'NOT_FOUND', `No ${kind} with id ${toEchoText(String(id))}. See GET /api/${kind}s/.`);
}

/** 503 UNAVAILABLE while no snapshot is loaded (or while draining). */
export function notReady(message = 'Loading data; not ready yet. Retry shortly.'): HttpError {
  return new HttpError(503, 'UNAVAILABLE', message, { headers: RETRY });
}

/** 429 RATE_LIMITED: this client started more uncached answers than its rate allows; Retry-After in whole seconds. */
export function rateLimited(seconds: number, rate: number, burst: number): HttpError {
  const after = Math.max(1, Math.ceil(seconds));
  return new HttpError(
    429,
    'RATE_LIMITED',
    `Too many requests that are not answered from the cache: this client (its API key, token subject or address) may start ${rate} per second after a burst of ${burst}. Retry after ${after} s; repeating a request already answered costs nothing.`,
    { headers: { 'Retry-After': String(after) } },
  );
}
