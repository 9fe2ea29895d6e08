// The search box: the query grammar over metadata and values, results as you type (debounced).
import { useEffect, useState } from 'preact/hooks';
import { useDebounced } from '../hooks.ts';
import { useSession } from '../session.ts';

export function SearchBox() {
  const { view, navigate } = useSession();
  const [text, setText] = useState(view.q);
  const settled = useDebounced(text, 250);
  useEffect(() => setText(view.q), [view.q]);
  useEffect(() => {
    if (settled.trim() !== view.q.trim())
      navigate({ q: settled.trim(), field: null, concept: null }, { replace: view.q !== '' && settled.trim() !== '' });
  }, [settled]);
  return (
    <form
      role="search"
      class="search"
      onSubmit={(e) => {
        e.preventDefault();
        navigate({ q: text.trim(), field: null, concept: null });
      }}
    >
      <label for="search">Search the catalog</label>
      <input
        id="search"
        type="search"
        value={text}
        autocomplete="off"
        spellcheck={false}
        placeholder='e.g. penguin -gentoo "box office"'
        aria-describedby="search-help"
        onInput={(e) => setText((e.target as HTMLInputElement).value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setText('');
        }}
      />
      <span id="search-help" class="sr-only">
        Terms must all match; a leading minus excludes a term; quotes match a phrase. Searches names, descriptions and
        data values.
      </span>
    </form>
  );
}
