// The context builder: conditions combined with AND or OR; every count on the page follows it.
import type { Brush } from '../brush.ts';
import { describeCondition, formatValue } from '../format.ts';
import { useSession } from '../session.ts';
import { EMPTY_CONTEXT, type Context } from '../view.ts';
import { ConditionForm } from './condition-form.tsx';
import { EntityCount } from './entity-count.tsx';

/** A brush in words: "Flipper length from 190 to 210 (brushed)". */
export function describeBrush(b: Brush, name: string): string {
  const show = (v: number | string) => (typeof v === 'number' ? formatValue(v) : v);
  return `${name} from ${show(b.from)} to ${show(b.to)}${b.closed ? ' inclusive' : ''} (brushed)`;
}

export function ContextPanel() {
  const { view, navigate, fields, brush, setBrush } = useSession();
  const ctx = view.ctx;
  const set = (c: Context) => navigate({ ctx: c, vpage: 1 });
  const count = ctx.children.length + (brush ? 1 : 0);
  return (
    <aside class="context" aria-labelledby="context-h">
      <h2 id="context-h">Context</h2>
      <p class="hint">Conditions restrict every count on the page to the matching records.</p>
      {ctx.children.length > 1 && (
        <p>
          <label for="combine">Match</label>{' '}
          <select
            id="combine"
            value={ctx.type}
            onChange={(e) => set({ ...ctx, type: (e.target as HTMLSelectElement).value as 'and' | 'or' })}
          >
            <option value="and">all conditions (AND)</option>
            <option value="or">any condition (OR)</option>
          </select>
        </p>
      )}
      {count === 0 ? (
        <p class="muted">No conditions: all records count.</p>
      ) : (
        <ul class="conditions" aria-label="Conditions" data-testid="conditions">
          {ctx.children.map((c, i) => {
            const text = describeCondition(c, fields.get(c.field));
            return (
              <li key={i}>
                {i > 0 && <span class="joiner">{ctx.type === 'and' ? 'and' : 'or'} </span>}
                <span>{text}</span>
                <button
                  type="button"
                  class="remove"
                  aria-label={`Remove condition: ${text}`}
                  onClick={() => set({ ...ctx, children: ctx.children.filter((_, j) => j !== i) })}
                >
                  ×
                </button>
              </li>
            );
          })}
          {brush && (
            <li data-testid="brush-condition">
              {ctx.children.length > 0 && <span class="joiner">and </span>}
              <span>{describeBrush(brush, fields.get(brush.field)?.name ?? `field ${brush.field}`)}</span>
              <button
                type="button"
                class="remove"
                aria-label="Remove the brushed range"
                onClick={() => setBrush(null, true)}
              >
                ×
              </button>
            </li>
          )}
        </ul>
      )}
      {count > 0 && (
        <button type="button" onClick={() => navigate({ ctx: EMPTY_CONTEXT, brush: null, vpage: 1 })}>
          Clear the context
        </button>
      )}
      <EntityCount />
      <h3>Add a condition</h3>
      <ConditionForm onAdd={(c) => set({ ...ctx, children: [...ctx.children, c] })} />
    </aside>
  );
}
