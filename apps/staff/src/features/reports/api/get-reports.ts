import { apiChecked } from '@grocer/shared/api-client';
import { codReportSchema, dashboardSchema, gstReportSchema, salesReportSchema } from '@grocer/shared/reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';

import type { Range } from '../../../components/range-picker';

export type { Range };

const qs = (r: Range) => `from=${encodeURIComponent(r.from)}&to=${encodeURIComponent(r.to)}`;

function report<T>(name: string, schema: z.ZodType<T>) {
  const options = (r: Range) =>
    queryOptions({
      queryKey: ['admin', 'reports', name, r.from, r.to],
      queryFn: ({ signal }) => apiChecked(`/api/admin/reports/${name}?${qs(r)}`, async () => schema, { signal }),
      placeholderData: keepPreviousData,
    });
  return { options, use: (r: Range) => useQuery(options(r)) };
}

/** GET /s/api/admin/reports/{dashboard,gst,sales,cod}?from&to */
export const dashboardReport = report('dashboard', dashboardSchema);
export const gstReport = report('gst', gstReportSchema);
export const salesReport = report('sales', salesReportSchema);
export const codReport = report('cod', codReportSchema);

/** The CSV downloads (plain links: the session cookie goes with them). */
export const reportCsvUrl = (name: 'gst' | 'cod' | 'sales', r: Range, extra = '') => `/s/api/admin/reports/${name}.csv?${qs(r)}${extra}`;
