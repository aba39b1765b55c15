import type { Content } from '@/contracts/content';
import { UNALLOCATED, withUnallocated } from '@/domain/tokenomics';
import { formatAmount } from '@/web/lib/format';

const SLICE_COLORS = ['var(--chart-1)', 'var(--chart-2)', 'var(--chart-3)', 'var(--chart-4)', 'var(--chart-5)', 'var(--primary)', 'var(--muted-foreground)'];

interface Datum {
  label: string;
  percent: string;
  color: string;
}

/** The distribution as a donut chart beside its legend (PRODUCT.md §3, Tokenomics). */
export default function TokenomicsDistribution({ slices }: { slices: Content['tokenomics'] }) {
  const data: Datum[] = withUnallocated(slices).map((s, i) => ({ ...s, color: s.label === UNALLOCATED ? 'var(--muted)' : (SLICE_COLORS[i % SLICE_COLORS.length] ?? 'var(--primary)') }));
  return (
    <div className="mx-auto grid max-w-4xl items-center gap-8 md:grid-cols-2">
      <Donut data={data} />
      <ul className="grid gap-2" aria-label="Token distribution">
        {data.map((s) => (
          <li key={s.label} className="flex items-center gap-3 rounded-md border p-3">
            <span aria-hidden className="size-3 shrink-0 rounded-full border" style={{ background: s.color }} />
            <span className="flex-1">{s.label}</span>
            <span className="font-semibold tabular-nums">{formatAmount(s.percent, 2)}%</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

// Radii in a 200-unit box: the ring keeps the size the page had with its former chart library.
const OUTER = 92;
const INNER = 53;

/** A point on a circle around (100, 100); angles in degrees, counter-clockwise from three o'clock. */
function point(radius: number, degrees: number): string {
  const rad = (degrees * Math.PI) / 180;
  return `${(100 + radius * Math.cos(rad)).toFixed(3)} ${(100 - radius * Math.sin(rad)).toFixed(3)}`;
}

/** The ring segment between two angles (less than a full turn). */
function segment(from: number, to: number): string {
  const large = to - from > 180 ? 1 : 0;
  return `M ${point(OUTER, from)} A ${OUTER} ${OUTER} 0 ${large} 0 ${point(OUTER, to)} L ${point(INNER, to)} A ${INNER} ${INNER} 0 ${large} 1 ${point(INNER, from)} Z`;
}

/** Each slice's outline, one after another round the ring. */
function slicePaths(data: Datum[]): (Datum & { path: string })[] {
  // Percents are display values here, not money: the chart needs numbers to size its slices.
  const sweeps = data.map((d) => (Number(d.percent) / 100) * 360);
  return data.map((d, i) => {
    const from = sweeps.slice(0, i).reduce((sum, s) => sum + s, 0);
    const sweep = sweeps[i] ?? 0;
    // A single slice of 100% is drawn as two halves: an arc cannot start and end at one point.
    return { ...d, path: sweep >= 359.99 ? `${segment(0, 180)} ${segment(180, 360)}` : segment(from, from + sweep) };
  });
}

function Donut({ data }: { data: Datum[] }) {
  const arcs = slicePaths(data);
  return (
    <div className="mx-auto aspect-square w-full max-w-xs" role="img" aria-label={`Token distribution: ${data.map((d) => `${d.label} ${d.percent}%`).join(', ')}`}>
      <svg viewBox="0 0 200 200" className="size-full">
        {arcs.map((a) => (
          <path key={a.label} d={a.path} style={{ fill: a.color, stroke: 'var(--background)', strokeWidth: 1.25 }}>
            <title>{`${a.label}: ${formatAmount(a.percent, 2)}%`}</title>
          </path>
        ))}
      </svg>
    </div>
  );
}
