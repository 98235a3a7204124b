import { WalletPage } from '../../features/wallet/components/wallet-page';

/** /account/wallet (issue 44): the balance, Add money, the statement; the gateway's return path too (`?topup={id}`). */
export function Component() {
  return <WalletPage />;
}
