// The brush on a histogram or period chart: drag to select bins, live while dragging, a click clears.
import { type Brush, type BrushAxis, toEdgeIndices, toSnappedBrush } from '../brush.ts';
import { ACCENT } from './common.ts';

type Scale = { apply(v: unknown): number; invert(px: number): number | Date; range: number[] };
type Plotted = Element & { scale(name: 'x' | 'y'): Scale | undefined };

/** What a chart with a brush exposes: draw a brush (or none) over its bins. */
export type BrushLayer = { show(brush: Brush | null): void };

const SVG = 'http://www.w3.org/2000/svg';
const CLICK = 3; // pixels a press may move and still be a click

/**
 * Adds a brush to a chart Plot drew (a histogram or period chart on `axis`). Dragging calls
 * `onBrush(brush, false)` at most once an animation frame with the bins under the drag, so the page
 * follows the mouse without asking faster than it can draw; releasing calls `onBrush(brush, true)`;
 * a click without a drag calls `onBrush(null, true)` (clears it).
 */
export function attachBrush(
  chart: Element,
  axis: BrushAxis,
  onBrush: (brush: Brush | null, done: boolean) => void,
): BrushLayer {
  const plotted = chart as Plotted;
  const svg = (chart instanceof SVGSVGElement ? chart : chart.querySelector('svg')) as SVGSVGElement | null;
  const x = plotted.scale?.('x');
  const y = plotted.scale?.('y');
  if (!svg || !x || !y) return { show: () => {} };
  const [top, bottom] = [Math.min(...y.range), Math.max(...y.range)];
  const [left, right] = [Math.min(...x.range), Math.max(...x.range)];
  const rect = document.createElementNS(SVG, 'rect');
  rect.setAttribute('data-testid', 'brush');
  rect.setAttribute('y', String(top));
  rect.setAttribute('height', String(bottom - top));
  rect.setAttribute('fill', ACCENT);
  rect.setAttribute('fill-opacity', '0.08');
  rect.setAttribute('stroke', ACCENT);
  rect.setAttribute('stroke-width', '1.5');
  rect.setAttribute('pointer-events', 'none');
  rect.style.display = 'none';
  svg.append(rect);
  svg.style.cursor = 'crosshair';
  svg.style.touchAction = 'none';

  // The bars outside the brush fade, as in a crossfilter: the range is what the rest of the page counts.
  const bars = [...svg.querySelectorAll<SVGRectElement>('g[aria-description="values"] rect')];
  const show = (b: Brush | null) => {
    const at = b ? toEdgeIndices(axis, b) : null;
    rect.style.display = at ? '' : 'none';
    const [lo, hi] = at ? [x.apply(axis.edges[at[0]]), x.apply(axis.edges[at[1]])].sort((p, q) => p - q) : [0, 0];
    for (const bar of bars) {
      const mid = Number(bar.getAttribute('x')) + Number(bar.getAttribute('width')) / 2;
      bar.style.fillOpacity = !at || (mid > lo && mid < hi) ? '' : '0.3';
    }
    if (!at) return;
    rect.setAttribute('x', String(lo));
    rect.setAttribute('width', String(hi - lo));
  };

  // Pixels in the chart's own coordinates (the SVG may be drawn narrower than its width).
  const toPixel = (e: PointerEvent) => {
    const r = svg.getBoundingClientRect();
    const scale = r.width > 0 ? Number(svg.getAttribute('width') ?? r.width) / r.width : 1;
    return Math.min(right, Math.max(left, (e.clientX - r.left) * scale));
  };
  let start: number | null = null;
  let moved = false;
  let frame = 0;
  let pending: Brush | null = null;
  const at = (px: number) => x.invert(px);
  svg.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    start = toPixel(e);
    moved = false;
    svg.setPointerCapture(e.pointerId);
    e.preventDefault();
  });
  svg.addEventListener('pointermove', (e) => {
    if (start === null) return;
    const px = toPixel(e);
    if (!moved && Math.abs(px - start) < CLICK) return;
    moved = true;
    pending = toSnappedBrush(axis, at(start), at(px));
    show(pending);
    if (!frame)
      frame = requestAnimationFrame(() => {
        frame = 0;
        onBrush(pending, false);
      });
  });
  const release = (e: PointerEvent) => {
    if (start === null) return;
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
    const px = toPixel(e);
    const brush = moved ? toSnappedBrush(axis, at(start), at(px)) : null;
    start = null;
    show(brush);
    onBrush(brush, true);
  };
  svg.addEventListener('pointerup', release);
  svg.addEventListener('pointercancel', release);
  return { show };
}
