// The page: header (search, key), catalog tree, the current view, and the context builder.
import { setMinCount } from '../format.ts';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { useApi, useView } from '../hooks.ts';
import { readKey, writeKey } from '../key.ts';
import type { Brush } from '../brush.ts';
import { SessionContext, type Session } from '../session.ts';
import { useRootTree } from '../tree.ts';
import type { Concept, Field, Root } from '../types.ts';
import { CatalogTree } from './catalog-tree.tsx';
import { ConceptPage } from './concept-page.tsx';
import { ContextPanel } from './context-panel.tsx';
import { FieldPage } from './field-page.tsx';
import { KeyBox } from './key-box.tsx';
import { SearchBox } from './search-box.tsx';
import { SearchResults } from './search-results.tsx';
import { ErrorNote, Loading } from './status.tsx';
import { Welcome } from './welcome.tsx';

export function App() {
  const [view, navigate] = useView();
  const [key, setKeyState] = useState(readKey);
  const [draftField, setDraftField] = useState<number | null>(null);
  // The brush while the mouse drags it (undefined: no drag). Released, it goes into the URL.
  const [liveBrush, setLiveBrush] = useState<Brush | null | undefined>(undefined);
  const root = useApi<Root>('', {}, key);
  const concepts = useApi<Concept[]>('concepts/', {}, key);
  const fieldList = useApi<Field[]>('fields/', {}, key);
  const fields = useMemo(() => new Map((fieldList.data ?? []).map((f) => [f.id, f])), [fieldList.data]);
  const tree = useRootTree(root.data, fields, key);
  // The small-count rule's k for this user (API.md §15): counts it hides read "fewer than k".
  setMinCount(root.data?.disclosure?.min_count ?? null);
  const setKey = (k: string) => {
    writeKey(k);
    setKeyState(k);
  };
  const session: Session = {
    view,
    navigate,
    key,
    setKey,
    root: root.data,
    tree,
    fields,
    concepts: concepts.data ?? [],
    draftField,
    setDraftField,
    brush: liveBrush === undefined ? view.brush : liveBrush,
    setBrush: (brush, done) => {
      if (!done) return setLiveBrush(brush);
      setLiveBrush(undefined);
      navigate({ brush, vpage: 1 });
    },
  };
  const title = root.data?.title ?? 'Sorrel';
  const fieldName = view.field !== null ? fields.get(view.field)?.name : undefined;
  useEffect(() => {
    document.title = fieldName ? `${fieldName} · ${title}` : view.q ? `“${view.q}” · ${title}` : title;
  }, [fieldName, view.q, title]);
  const blocking = root.error ?? concepts.error ?? fieldList.error;

  return (
    <SessionContext.Provider value={session}>
      <a class="skip" href="#main">
        Skip to the content
      </a>
      <header class="top">
        <h1>
          <a
            href={location.pathname}
            onClick={(e) => {
              e.preventDefault();
              navigate({ q: '', field: null, concept: null });
            }}
          >
            {title}
          </a>
        </h1>
        <SearchBox />
        <KeyBox />
      </header>
      {blocking && <ErrorNote error={blocking} what="the catalog" />}
      <div class="layout">
        <div class="side">{concepts.data ? <CatalogTree /> : !blocking && <Loading what="the catalog" />}</div>
        <main id="main" tabIndex={-1}>
          {view.field !== null ? (
            <FieldPage key={view.field} id={view.field} />
          ) : view.concept !== null ? (
            <ConceptPage id={view.concept} />
          ) : view.q ? (
            <SearchResults q={view.q} />
          ) : (
            <Welcome />
          )}
        </main>
        <ContextPanel />
      </div>
    </SessionContext.Provider>
  );
}
