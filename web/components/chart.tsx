// Mounts a chart element built by a draw function, redrawn when its data or the width changes.
import { useEffect, useRef } from 'preact/hooks';
import { useWidth } from '../hooks.ts';

export function Chart({ draw, label, deps }: { draw: (width: number) => Element; label: string; deps: unknown[] }) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    el.replaceChildren(draw(width));
  }, [...deps, width]);
  return <div ref={box} class="chart" role="img" aria-label={label} data-testid="chart" />;
}
