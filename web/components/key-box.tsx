// The API-key box: the key is kept in sessionStorage and sent as Authorization: Bearer <key>.
import { useState } from 'preact/hooks';
import { useSession } from '../session.ts';

export function KeyBox() {
  const { key, setKey } = useSession();
  const [draft, setDraft] = useState(key);
  return (
    <form
      class="key"
      onSubmit={(e) => {
        e.preventDefault();
        setKey(draft.trim());
      }}
    >
      <label for="api-key">API key</label>
      <input
        id="api-key"
        type="password"
        value={draft}
        autocomplete="off"
        spellcheck={false}
        placeholder="none: anonymous"
        aria-describedby="key-status"
        onInput={(e) => setDraft((e.target as HTMLInputElement).value)}
      />
      <button type="submit">Use key</button>
      {key && (
        <button
          type="button"
          onClick={() => {
            setDraft('');
            setKey('');
          }}
        >
          Forget key
        </button>
      )}
      <span id="key-status" class="key-status" role="status">
        {key ? 'Using your key for this tab' : 'Browsing anonymously'}
      </span>
    </form>
  );
}
