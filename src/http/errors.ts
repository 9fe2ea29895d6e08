// The one error type and the error-code catalogue (API.md §9).

export type ErrorCode =
  | 'INVALID_PARAMETER' | 'INVALID_CONTEXT' | 'UNAUTHORIZED' | 'FORBIDDEN_PARAMETER'
  | 'NOT_FOUND' | 'PAGE_NOT_FOUND' | 'METHOD_NOT_ALLOWED' | 'TOO_MANY_GROUPS'
  | 'NOT_SUPPORTED' | 'UNAVAILABLE' | 'INTERNAL';

/** An error that becomes a JSON error body: `{status, code, message, parameter?}`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly parameter?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  toJSON(): Record<string, unknown> {
    const body: Record<string, unknown> = { status: this.status, code: this.code, message: this.message };
    if (this.parameter !== undefined) body.parameter = this.parameter;
    return body;
  }
}

/** 400 INVALID_PARAMETER naming the parameter. */
export function badParameter(parameter: string, message: string): HttpError {
  return new HttpError(400, 'INVALID_PARAMETER', message, parameter);
}

/** 400 INVALID_CONTEXT. */
export function badContext(message: string): HttpError {
  return new HttpError(400, 'INVALID_CONTEXT', message, 'context');
}

/** 404 NOT_FOUND for an unknown or invisible object; identical for both cases. */
export function notFound(kind: 'concept' | 'field', id: number | string): HttpError {
  return new HttpError(404, 'NOT_FOUND', `No ${kind} with id ${id}. See GET /api/${kind}s/.`);
}
