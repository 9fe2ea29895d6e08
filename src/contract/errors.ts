// The errors that layers below HTTP throw; src/http/errors.ts maps each to a status and code in one table.

/** A `query` string that breaks the grammar or its limits (API.md §5). */
export class QueryError extends Error {
  override name = 'QueryError';
}

/** The compute queue is full: the caller may retry shortly. */
export class PoolBusyError extends Error {
  override name = 'PoolBusyError';
}

/** Credentials that are missing (when required), malformed, unknown, invalid or expired (API.md §2). */
export class CredentialError extends Error {
  override name = 'CredentialError';
}

/** An engine (API.md §14) that is unreachable, too slow or failing: 503 ENGINE_UNAVAILABLE with Retry-After. */
export class EngineUnavailableError extends Error {
  override name = 'EngineUnavailableError';
  constructor(
    readonly engine: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A file that is not a usable snapshot; the message is one line naming the file and the reason. */
export class SnapshotFileError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`${file}: ${reason}`, options);
    this.name = 'SnapshotFileError';
  }
}
