// `npm run check:wallets`: proves, on the database named by DATABASE_URL (or the embedded one in
// DATA_DIR), that every wallet and khata balance equals the sum of its ledger entries, that no
// wallet is below zero and no khata past its credit limit. Exit code 1 when not.
import { parseConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { walletMismatches } from './ledger';

const config = parseConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const { checked, mismatches } = await walletMismatches(database.db);
  if (mismatches.length === 0) {
    console.log(`wallet ledger: ${checked} accounts checked; every balance equals the sum of its entries, none below its limit.`);
  } else {
    console.error(`wallet ledger: ${mismatches.length} of ${checked} accounts are wrong:`);
    for (const m of mismatches.slice(0, 50))
      console.error(
        `  website ${m.website_id} ${m.kind} ${m.account_id}: ${m.problem} (balance ${m.balance_paise}, entries sum ${m.entries_sum}, last balance ${m.last_balance ?? 'none'}, limit ${m.credit_limit_paise})`,
      );
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
