import type { dashboardSchema } from '@grocer/shared/reports';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { z } from 'zod';
import { dayLabel, inr } from './sales-format';

const inrShort = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', notation: 'compact', maximumFractionDigits: 1 });

/**
 * The dashboard's revenue by day (recharts). Its own chunk, with the charts' vendor chunks
 * (vite.config.ts), loaded by `SalesDashboard` once there is something to draw: the figures
 * above it never wait for the chart library.
 */
export default function SalesChart({ byDay }: { byDay: z.infer<typeof dashboardSchema>['by_day'] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={byDay} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={dayLabel} fontSize={12} minTickGap={12} />
        <YAxis tickFormatter={(v: number) => inrShort.format(v)} fontSize={12} width={64} />
        <Tooltip
          labelFormatter={(l) => dayLabel(String(l))}
          formatter={(v, name) => (name === 'revenue' ? [inr.format(Number(v)), 'Revenue'] : [String(v), 'Orders'])}
        />
        <Bar dataKey="revenue" fill="#0f766e" radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
