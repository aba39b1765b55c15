// The back-office overview's charts (issue 16), drawn with Recharts, which only this page loads.
// Every series comes from GET /api/admin/overview, summed by the same queries as /transparency.
// Amounts are plotted as numbers (a chart needs them) but shown in tooltips as the exact decimals.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Overview } from '@/contracts/transparency';
import { formatAmount, formatUsd } from '@/web/lib/format';

const COLORS = ['var(--chart-1)', 'var(--chart-2)', 'var(--chart-3)', 'var(--chart-4)', 'var(--chart-5)', 'var(--primary)', 'var(--muted-foreground)'];
const STATUS_COLORS: Record<string, string> = { approved: 'var(--chart-2)', pending: 'var(--chart-3)', rejected: 'var(--chart-4)', expired: 'var(--muted-foreground)' };
const STATUSES = ['approved', 'pending', 'rejected', 'expired'];

/** Every day from `from` to `to` (UTC, YYYY-MM-DD), so days without activity show as zero. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

type Row = Record<string, number | string> & { day: string };

/** One row per day with a column per key, zero where nothing happened. */
function pivot<T extends { day: string }>(days: string[], items: T[], key: (item: T) => string, value: (item: T) => number): Row[] {
  const rows = new Map<string, Row>(days.map((day) => [day, { day }]));
  for (const item of items) {
    const row = rows.get(item.day);
    if (row) row[key(item)] = (Number(row[key(item)] ?? 0) || 0) + value(item);
  }
  return [...rows.values()];
}

const shortDay = (day: string) => day.slice(5);

function StackedBars({ data, keys, colors, format, label }: { data: Row[]; keys: string[]; colors: (key: string, i: number) => string; format: (v: number) => string; label: string }) {
  return (
    <figure className="grid gap-2" aria-label={label}>
      <div className="h-64 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--border)" />
            <XAxis dataKey="day" tickFormatter={shortDay} tick={{ fontSize: 12, fill: 'var(--muted-foreground)' }} tickLine={false} axisLine={false} minTickGap={16} />
            <YAxis tick={{ fontSize: 12, fill: 'var(--muted-foreground)' }} tickLine={false} axisLine={false} width={56} tickFormatter={(v: number) => compact.format(v)} />
            <Tooltip
              formatter={(value) => format(Number(value))}
              contentStyle={{ background: 'var(--popover)', color: 'var(--popover-foreground)', border: '1px solid var(--border)', borderRadius: 8, fontSize: 12 }}
              cursor={{ fill: 'var(--muted)' }}
            />
            {keys.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
            {keys.map((key, i) => (
              <Bar key={key} dataKey={key} stackId="a" fill={colors(key, i)} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

export function TokensChart({ overview }: { overview: Overview }) {
  const days = daysBetween(overview.from, overview.to);
  const codes = overview.perCrypto.map((c) => c.code);
  return <StackedBars label="Tokens sold per day" data={pivot(days, overview.approved, (a) => a.code, (a) => Number(a.tokens))} keys={codes} colors={(_k, i) => COLORS[i % COLORS.length] ?? 'var(--primary)'} format={(v) => formatAmount(String(v))} />;
}

export function UsdChart({ overview }: { overview: Overview }) {
  const days = daysBetween(overview.from, overview.to);
  const codes = overview.perCrypto.map((c) => c.code);
  return <StackedBars label="USD raised per day" data={pivot(days, overview.approved, (a) => a.code, (a) => Number(a.usdAmount))} keys={codes} colors={(_k, i) => COLORS[i % COLORS.length] ?? 'var(--primary)'} format={(v) => formatUsd(v.toFixed(2))} />;
}

export function OrdersChart({ overview }: { overview: Overview }) {
  const days = daysBetween(overview.from, overview.to);
  const present = STATUSES.filter((s) => overview.ordersByStatus.some((o) => o.status === s));
  return <StackedBars label="Orders per day by status" data={pivot(days, overview.ordersByStatus, (o) => o.status, (o) => o.orders)} keys={present} colors={(k) => STATUS_COLORS[k] ?? 'var(--primary)'} format={(v) => String(v)} />;
}

export function BuyersChart({ overview }: { overview: Overview }) {
  const days = daysBetween(overview.from, overview.to);
  return <StackedBars label="New buyers per day" data={pivot(days, overview.newBuyers, () => 'buyers', (b) => b.buyers)} keys={['buyers']} colors={() => 'var(--chart-1)'} format={(v) => String(v)} />;
}

function PerStageBars({ overview, value, format, label, color }: { overview: Overview; value: (s: Overview['perStage'][number]) => number; format: (v: number) => string; label: string; color: string }) {
  const data = overview.perStage.map((s) => ({ stage: `${String(s.number)} · ${s.name}`, value: value(s) }));
  return (
    <figure className="grid gap-2" aria-label={label}>
      <figcaption className="text-muted-foreground text-sm">{label}</figcaption>
      <div className="h-64 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--border)" />
            <XAxis dataKey="stage" tick={{ fontSize: 12, fill: 'var(--muted-foreground)' }} tickLine={false} axisLine={false} interval={0} minTickGap={4} />
            <YAxis tick={{ fontSize: 12, fill: 'var(--muted-foreground)' }} tickLine={false} axisLine={false} width={56} tickFormatter={(v: number) => compact.format(v)} />
            <Tooltip
              formatter={(v) => format(Number(v))}
              contentStyle={{ background: 'var(--popover)', color: 'var(--popover-foreground)', border: '1px solid var(--border)', borderRadius: 8, fontSize: 12 }}
              cursor={{ fill: 'var(--muted)' }}
            />
            <Bar dataKey="value" name={label} fill={color} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/** Approved order pieces per stage (issue 30): tokens and USD, each stage's own figures. */
export function StagesChart({ overview }: { overview: Overview }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <PerStageBars overview={overview} label="Tokens per stage" value={(s) => Number(s.tokens)} format={(v) => formatAmount(String(v))} color="var(--chart-1)" />
      <PerStageBars overview={overview} label="USD per stage" value={(s) => Number(s.usdAmount)} format={(v) => formatUsd(v.toFixed(2))} color="var(--chart-2)" />
    </div>
  );
}
