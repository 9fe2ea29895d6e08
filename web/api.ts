// The page's one door to the service: GET JSON from the public API, with the user's key.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type Params = Record<string, string | number | boolean | null | undefined>;

/** The URL of an API path, relative to the page so the service may sit under a path prefix. */
export function toApiUrl(path: string, params: Params = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return `api/${path}${s ? `?${s}` : ''}`;
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/** GETs JSON; an error answer becomes an ApiError carrying the service's message. 503 (loading) is retried. */
export async function getJson<T>(path: string, params: Params, key: string, signal?: AbortSignal): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(toApiUrl(path, params), { headers: key ? { Authorization: `Bearer ${key}` } : {}, signal });
    if (res.status === 503 && attempt < 30) {
      await wait(1000 * Math.max(1, Number(res.headers.get('retry-after')) || 1), signal);
      continue;
    }
    const body = (await res.json().catch(() => null)) as { code?: string; message?: string } | null;
    if (!res.ok)
      throw new ApiError(res.status, body?.code ?? 'ERROR', body?.message ?? `The service answered ${res.status}.`);
    return body as T;
  }
}
