// A histogram or period chart that brushes: drag (or the arrow keys) to set a range the rest of the page follows.
import { useEffect, useRef } from 'preact/hooks';
import { type Brush, type BrushAxis, toEdgeBrush, toEdgeIndices } from '../brush.ts';
import { attachBrush, type BrushLayer } from '../charts/brush.ts';
import { useWidth } from '../hooks.ts';
import { useSession } from '../session.ts';

/**
 * A chart drawn by `draw`, with a brush on `axis`. Keys, when the chart has the focus: ← and → move
 * the brush a bin (or put one on the first bin), Shift+← and Shift+→ shrink or grow it, Escape clears it.
 */
export function BrushChart({
  draw,
  label,
  deps,
  axis,
}: {
  draw: (width: number) => Element;
  label: string;
  deps: unknown[];
  axis: BrushAxis;
}) {
  const box = useRef<HTMLDivElement>(null);
  const layer = useRef<BrushLayer | null>(null);
  const width = useWidth(box);
  const session = useSession();
  const latest = useRef(session);
  latest.current = session;
  const mine = session.brush?.field === axis.field.id ? session.brush : null;
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = draw(width);
    el.replaceChildren(chart);
    layer.current = attachBrush(chart, axis, (b, done) => latest.current.setBrush(b, done));
    layer.current.show(latest.current.brush);
  }, [...deps, width]);
  useEffect(() => layer.current?.show(mine), [mine?.from, mine?.to, mine?.field]);

  const at = mine ? toEdgeIndices(axis, mine) : null;
  const onKey = (e: KeyboardEvent) => {
    const last = axis.edges.length - 1;
    if (last < 1) return;
    const set = (b: Brush | null) => {
      e.preventDefault();
      latest.current.setBrush(b, true);
    };
    if (e.key === 'Escape' && mine) return set(null);
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const step = e.key === 'ArrowRight' ? 1 : -1;
    if (!at) return set(toEdgeBrush(axis, 0, 1));
    let [i, j] = at;
    if (e.shiftKey) j = Math.min(last, Math.max(i + 1, j + step));
    else if (i + step >= 0 && j + step <= last) [i, j] = [i + step, j + step];
    set(toEdgeBrush(axis, i, j));
  };
  const hint = mine
    ? 'brushed; arrow keys move the range, Shift+arrows resize it, Escape clears it'
    : 'drag over the bins, or press an arrow key, to brush a range';
  return (
    <div
      ref={box}
      class="chart brushable"
      role="slider"
      aria-roledescription="brushable chart"
      aria-valuemin={0}
      aria-valuemax={Math.max(0, axis.edges.length - 1)}
      aria-valuenow={at?.[0] ?? 0}
      aria-valuetext={mine ? `from ${mine.from} to ${mine.to}` : 'no range brushed'}
      tabIndex={0}
      aria-label={`${label} (${hint})`}
      data-testid="chart"
      onKeyDown={onKey}
    />
  );
}
