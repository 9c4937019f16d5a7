import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { OverviewSeries } from '@noek/contracts';

/** Colours readable on the light and the dark theme alike (the text uses the theme's own colour). */
const PALETTE = ['#2563eb', '#16a34a', '#d97706', '#db2777', '#7c3aed', '#0891b2', '#dc2626', '#65a30d'];

/** One chart of the overview: a line per series over the days. Loaded only with the overview screen. */
export default function OverviewChart({ days, series }: { days: string[]; series: OverviewSeries[] }) {
  const data = days.map((day, i) => ({
    day: day.slice(5),
    ...Object.fromEntries(series.map((s) => [s.key, s.values[i] ?? 0])),
  }));
  return (
    <ResponsiveContainer width="100%" height={220}>
      <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
        <XAxis dataKey="day" stroke="currentColor" fontSize={11} minTickGap={16} />
        <YAxis stroke="currentColor" fontSize={11} allowDecimals={false} />
        <Tooltip contentStyle={{ background: 'var(--noek-surface, #fff)', color: 'inherit' }} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {series.map((s, i) => (
          <Line
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.label}
            stroke={PALETTE[i % PALETTE.length]}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
