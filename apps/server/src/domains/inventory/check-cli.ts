// `npm run check:stock`: proves, on the database named by DATABASE_URL (or the embedded one in
// DATA_DIR), that every balance equals the sum of its stock movements. Exit code 1 when not.
import { parseConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { ledgerMismatches } from './service';

const config = parseConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const { checked, mismatches } = await ledgerMismatches(database.db);
  if (mismatches.length === 0) {
    console.log(`stock ledger: ${checked} balances checked; every one equals the sum of its movements.`);
  } else {
    console.error(`stock ledger: ${mismatches.length} of ${checked} balances do not match their movements:`);
    for (const m of mismatches.slice(0, 50))
      console.error(
        `  website ${m.website_id} pack ${m.pack_id} warehouse ${m.warehouse_id}: available ${m.available ?? 'none'}, movements sum ${m.moved}, last balance ${m.last_balance ?? 'none'}`,
      );
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
