// Loading and error states, announced to screen readers.
import { ApiError } from '../api.ts';

export function Loading({ what }: { what: string }) {
  return (
    <p class="loading" role="status">
      Loading {what}…
    </p>
  );
}

export function ErrorNote({ error, what }: { error: Error; what: string }) {
  const detail = error instanceof ApiError ? `${error.message} (${error.status} ${error.code})` : error.message;
  return (
    <p class="error" role="alert">
      Could not load {what}: {detail}
    </p>
  );
}
