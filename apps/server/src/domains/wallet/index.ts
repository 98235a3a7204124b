/**
 * The wallet module's one published interface (issue 44 §1-3): the customer's money, a prepaid
 * wallet and a khata (store credit up to a limit) per customer per website, on one append-only
 * ledger. `createWallet` makes the module from its dependencies and answers its functions (for
 * the modules that will pay from it: checkout, subscriptions, the POS), its routes, its staff
 * routes and the gateway orders the payments module's webhooks hand over.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { walletAdminRoutes } from './admin-routes';
import { accountOf, openAccount, post, postOrFail, walletMismatches } from './ledger';
import { walletRoutes } from './routes';
import { statementOf } from './service';
import { Topups } from './topups';

export interface WalletDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** this server's own base URL (the gateway simulator, webhooks) */
  selfUrl: () => string;
}

export function createWallet(d: WalletDeps) {
  const topups = new Topups(d);
  return {
    /** credit (positive) or debit (negative) an account in the caller's transaction: guarded, once per key */
    post,
    /** `post`, refusals thrown as the shopper reads them (409) */
    postOrFail,
    /** the customer's account of a kind, opened when missing */
    openAccount,
    /** the customer's account of a kind, or null */
    accountOf,
    /** an account's statement by month (opening, credits, debits, closing, entries) */
    statementOf,
    /** gateway orders made for top-ups, for the payments module's webhooks (`PaymentsDeps.foreign`) */
    payable: topups.payable,
    /** `/account/wallet*`: the shopper's balance, entries, statement and top-ups */
    routes: walletRoutes,
    routeOptions: { db: d.db, topups },
    /** `/admin/wallets*`, registered in the staff scope */
    staffRoutes: walletAdminRoutes,
  };
}

export type Wallet = ReturnType<typeof createWallet>;

/** Every balance against its entries (`npm run check:wallets`). */
export { walletMismatches };
export type { AccountRow, EntryRow, Posting, PostResult } from './ledger';
