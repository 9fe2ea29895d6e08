// Preact hooks: the view in the URL, API answers with loading and error states, debouncing, width.
import { useEffect, useRef, useState } from 'preact/hooks';
import { getJson, type Params } from './api.ts';
import { readView, toSearch, type View } from './view.ts';

export type Navigate = (patch: Partial<View>, options?: { replace?: boolean }) => void;

/** The view from the URL; `navigate` changes it and the URL (a new history entry unless `replace`). */
export function useView(): [View, Navigate] {
  const [view, setView] = useState(() => readView(location.search));
  const current = useRef(view);
  current.current = view;
  useEffect(() => {
    const onPop = () => setView(readView(location.search));
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);
  const navigate: Navigate = (patch, options = {}) => {
    const next = { ...current.current, ...patch };
    const url = `${location.pathname}${toSearch(next)}`;
    if (options.replace) history.replaceState(null, '', url);
    else history.pushState(null, '', url);
    current.current = next;
    setView(next);
  };
  return [view, navigate];
}

export type Loaded<T> = { data: T | null; error: Error | null; loading: boolean };

/** An API answer for `path` (null = nothing to load); the previous answer stays while the next loads. */
export function useApi<T>(path: string | null, params: Params, key: string): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ data: null, error: null, loading: path !== null });
  const deps = JSON.stringify([path, params, key]);
  useEffect(() => {
    if (path === null) {
      setState({ data: null, error: null, loading: false });
      return undefined;
    }
    const ac = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    getJson<T>(path, params, key, ac.signal).then(
      (data) => {
        if (!ac.signal.aborted) setState({ data, error: null, loading: false });
      },
      (error: Error) => {
        if (!ac.signal.aborted) setState({ data: null, error, loading: false });
      },
    );
    return () => ac.abort();
  }, [deps]);
  return state;
}

/** `value`, once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/** The width of an element, kept current as it resizes. */
export function useWidth(ref: { current: HTMLElement | null }, fallback = 640): number {
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const observer = new ResizeObserver(() => setWidth(Math.max(280, Math.floor(el.clientWidth))));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref.current]);
  return width;
}
