import { CUSTOMER_EXPORT_COLUMNS, type CustomersExportQuery } from '@grocer/shared/admin-customers';
import { csvStream, type CsvCell } from '@grocer/shared/csv';
import { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import { customerRows } from './customers';

/** Rows read per query while streaming: the export never holds the whole list in memory. */
const BATCH = 500;

/**
 * The customer list as CSV (issue 40.19): the list's filters and sort, every page, streamed in
 * batches. Total spent is the list's own figure (delivered sales, `customerOrderStats`), in
 * rupees with two decimals; tags are joined with "; " in one cell. Cells starting like a formula
 * (= + - @) are prefixed with a quote by the project's CSV writer (`@grocer/shared/csv`).
 * The pages follow the list's own sort (any column the staff chose), so they are read by offset.
 */
export function customersCsv(db: Db, websiteId: number, q: CustomersExportQuery): Readable {
  async function* pages(): AsyncGenerator<CsvCell[][]> {
    for (let offset = 0; ; offset += BATCH) {
      const { rows } = await customerRows(db, websiteId, q, { limit: BATCH, offset });
      if (rows.length)
        yield rows.map((r) => [r.name, r.phone ?? '', r.email ?? '', r.tags.join('; '), r.orders, r.spent.toFixed(2), r.joined]);
      if (rows.length < BATCH) return;
    }
  }
  return Readable.from(csvStream(CUSTOMER_EXPORT_COLUMNS, pages()));
}
