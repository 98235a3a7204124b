import { z } from 'zod';

/**
 * Administration's catalogue import and export (`/s/api/admin/catalogue/*`). The CSV format
 * itself is catalogue-csv.ts (papaparse), kept apart so this contract stays light.
 */

/** POST /s/api/admin/catalogue/import[?dry_run=1]: the CSV text as uploaded. */
export const catalogueImportBodySchema = z.object({ csv: z.string().min(1, 'Choose a CSV file').max(20_000_000, 'The file is too large') });

export const catalogueImportQuerySchema = z.object({
  dry_run: z
    .enum(['1', 'true', '0', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .default(false),
});

export const csvErrorSchema = z.object({ line: z.number().int(), column: z.string(), message: z.string() });

/** What an import found (dry run) or did (applied). */
export const catalogueImportReportSchema = z.object({
  /** no row has an error: the file can be applied */
  ok: z.boolean(),
  /** every problem, by line (header = 1) and column, in line order */
  errors: z.array(csvErrorSchema),
  summary: z.object({
    rows: z.number().int(),
    products_create: z.number().int(),
    products_update: z.number().int(),
    products_unchanged: z.number().int(),
    packs_create: z.number().int(),
    packs_update: z.number().int(),
    packs_unchanged: z.number().int(),
    /** balances whose counted quantity differs (one ledger movement each) */
    stock_changes: z.number().int(),
    brands_create: z.number().int(),
  }),
});
export type CatalogueImportReport = z.infer<typeof catalogueImportReportSchema>;
