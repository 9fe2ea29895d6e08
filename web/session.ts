// What every part of the page shares: the view, the key, the root document and the visible fields.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Navigate } from './hooks.ts';
import type { Brush } from './brush.ts';
import type { Concept, Field, Root } from './types.ts';
import type { View } from './view.ts';

export type Session = {
  view: View;
  navigate: Navigate;
  key: string;
  setKey: (key: string) => void;
  root: Root | null;
  tree: Set<string> | null; // the datasets of the root's tree (null: no root, or not known yet)
  fields: Map<number, Field>; // every field the user may see
  concepts: Concept[]; // every concept the user may see, in category order
  draftField: number | null; // the field the context form is set to
  setDraftField: (id: number | null) => void;
  /** The brush every count follows: the one being dragged, else the view's. */
  brush: Brush | null;
  /** Moves the brush while dragging (`done` false: the page follows, the URL does not), or sets it on release. */
  setBrush: (brush: Brush | null, done: boolean) => void;
};

export const SessionContext = createContext<Session | null>(null);

/** The shared session (inside <App>). */
export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside <App>');
  return s;
}
