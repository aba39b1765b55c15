import { Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';

interface Datum {
  label: string;
  percent: string;
  color: string;
}

// Percents are display values here, not money: the chart needs numbers to size its slices.
export default function TokenomicsChart({ data }: { data: Datum[] }) {
  const points = data.map((d) => ({ name: d.label, value: Number(d.percent), fill: d.color }));
  return (
    <div className="mx-auto aspect-square w-full max-w-xs" role="img" aria-label={`Token distribution: ${data.map((d) => `${d.label} ${d.percent}%`).join(', ')}`}>
      <ResponsiveContainer width="100%" height="100%">
        <PieChart>
          <Pie data={points} dataKey="value" nameKey="name" innerRadius="55%" outerRadius="95%" stroke="var(--background)" strokeWidth={2} isAnimationActive={false} />
          <Tooltip formatter={(value) => `${String(value)}%`} contentStyle={{ background: 'var(--popover)', color: 'var(--popover-foreground)', border: '1px solid var(--border)', borderRadius: 8 }} />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}
