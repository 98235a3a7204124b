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
import {
  payOrderFromWallet,
  payOrderOnKhata,
  refundOrderToWallet,
  returnKhataPayment,
  returnOrderPayment,
  walletBalanceFor,
} from './orders';
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
    /** an order paid from the wallet: the debit in the order's transaction, once per order */
    payOrderFromWallet,
    /** a wallet-paid order's money back to the wallet (cancelled, a part refunded), once per key */
    returnOrderPayment,
    /** checkout's side of the wallet (issue 44): the balance it may take, and the debit of the wallet's part (wholly, or split with a gateway) */
    checkout: { balance: walletBalanceFor, pay: payOrderFromWallet },
    /** an online order put on the khata: the debit in the order's transaction, once per order (issue 44) */
    payOrderOnKhata,
    /** a khata-paid order's money back to the khata (cancelled, a part refunded), once per key */
    returnKhataPayment,
    /** a gateway-paid order's refund to the wallet at the shopper's choice (the wallet opened when missing), once per key */
    refundOrderToWallet,
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
/** Orders paid from the wallet (issue 44 §1): handed to the orders and payments modules by app.ts. */
export {
  payOrderFromWallet,
  payOrderOnKhata,
  refundOrderToWallet,
  returnKhataPayment,
  returnOrderPayment,
  walletBalanceFor,
  type OrderDebit,
} from './orders';
export type { AccountRow, EntryRow, Posting, PostResult } from './ledger';
/**
 * What the point of sale (not a module yet) and the jobs use, as plain functions taking the
 * database or the caller's transaction (issue 44 §2, §7): a sale put on khata, money taken at the
 * till for a khata or a wallet, the balances the till shows, and the monthly statements.
 */
export { counterAccountPayment, counterBalances, khataEntryOfSale, khataReturn, khataSale } from './counter';
export { noticeStageOn, sendKhataNotices, type NoticeOutbox } from './notices';
