// The distribution's controls: the second dimension, k-means on or off, the number of bins, the period unit.
import { type ChartKind, isNumber } from '../charts.ts';
import { toUnits, type Unit } from '../charts/axes.ts';
import { useSession } from '../session.ts';
import type { Dist, Field } from '../types.ts';

/** Bin counts offered besides auto (the API takes 1..1000). */
const BIN_CHOICES = [5, 10, 20, 50, 100, 200, 500];

type Props = { field: Field; second: Field | null; kind: ChartKind; dist: Dist | null };

export function DistControls({ field, second, kind, dist }: Props) {
  const { view, navigate, fields } = useSession();
  const candidates = [...fields.values()].filter((f) => f.app_name === field.app_name && f.id !== field.id);
  const axis = dist?.axes?.[0];
  // What auto picked, shown beside "auto" once the answer is in.
  const autoBins = view.bins === null && axis?.bins ? ` (${axis.bins.count})` : '';
  const autoUnit = view.interval === null && axis?.interval ? ` (${axis.interval})` : '';
  const bins = view.bins !== null && !BIN_CHOICES.includes(view.bins) ? [...BIN_CHOICES, view.bins] : BIN_CHOICES;
  return (
    <div class="toolbar">
      <label for="dim">Second dimension</label>
      <select
        id="dim"
        value={second ? String(second.id) : ''}
        onChange={(e) => {
          const v = (e.target as HTMLSelectElement).value;
          navigate({ dim: v ? Number(v) : null });
        }}
      >
        <option value="">none (one dimension)</option>
        {candidates.map((f) => (
          <option key={f.id} value={String(f.id)}>
            {f.name}
          </option>
        ))}
      </select>
      {kind === 'histogram' && (
        <>
          <label for="bins">Bins</label>
          <select
            id="bins"
            value={view.bins === null ? '' : String(view.bins)}
            onChange={(e) => {
              const v = (e.target as HTMLSelectElement).value;
              navigate({ bins: v ? Number(v) : null });
            }}
          >
            <option value="">auto{autoBins}</option>
            {bins.map((n) => (
              <option key={n} value={String(n)}>
                at most {n}
              </option>
            ))}
          </select>
        </>
      )}
      {kind === 'periods' && (
        <>
          <label for="interval">Period</label>
          <select
            id="interval"
            value={view.interval ?? ''}
            onChange={(e) => {
              const v = (e.target as HTMLSelectElement).value;
              navigate({ interval: v ? (v as Unit) : null });
            }}
          >
            <option value="">auto{autoUnit}</option>
            {toUnits(field.simple_type).map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </select>
        </>
      )}
      {second && isNumber(field) && isNumber(second) && (
        <label class="check">
          <input
            type="checkbox"
            checked={view.cluster}
            onChange={(e) => navigate({ cluster: (e.target as HTMLInputElement).checked })}
          />{' '}
          Cluster (k-means, from 500 points, at any size)
        </label>
      )}
    </div>
  );
}
