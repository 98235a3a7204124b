import { count } from 'drizzle-orm';
import type { PaymentProvider, PaymentStatus } from '@grocer/shared/order';
import type { Db } from '../../db/client';
import { payments } from './tables';

/** How many payments each provider has in each status now (paid, failed, refunded …), read at scrape time for the metrics. */
export async function paymentCounts(db: Db): Promise<Array<{ provider: PaymentProvider; status: PaymentStatus; count: number }>> {
  const rows = await db
    .select({ provider: payments.provider, status: payments.status, count: count() })
    .from(payments)
    .groupBy(payments.provider, payments.status);
  return rows.map((r) => ({ provider: r.provider, status: r.status, count: Number(r.count) }));
}
