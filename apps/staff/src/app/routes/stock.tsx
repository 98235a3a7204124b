import { Link, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { PurchaseOrderDetail } from '../../features/stock/components/purchase-order-detail';
import { PurchaseOrderEdit, PurchaseOrderForm } from '../../features/stock/components/purchase-order-form';
import { PurchaseOrderList } from '../../features/stock/components/purchase-order-list';
import { StockList } from '../../features/stock/components/stock-list';
import { StockTabs } from '../../features/stock/components/stock-tabs';
import { SupplierList } from '../../features/stock/components/supplier-list';
import { TransferDetail } from '../../features/stock/components/transfer-detail';
import { TransferEdit, TransferForm } from '../../features/stock/components/transfer-form';
import { TransferList } from '../../features/stock/components/transfer-list';
import { t } from '../../lib/i18n';

const Heading = ({ children }: { children: string }) => <h1 className="mb-4 text-2xl font-semibold">{children}</h1>;
const Back = ({ to, children }: { to: string; children: string }) => (
  <Link to={to} className="mb-3 inline-block text-sm text-brand underline">
    {children}
  </Link>
);

export function StockRoute() {
  return (
    <>
      <Heading>{t('Stock')}</Heading>
      <StockTabs />
      <StockList />
    </>
  );
}

export function TransfersRoute() {
  return (
    <>
      <Heading>{t('Stock')}</Heading>
      <StockTabs />
      <TransferList />
    </>
  );
}

export function TransferNewRoute() {
  return (
    <>
      <Back to={paths.transfers()}>{t('← Transfers')}</Back>
      <Heading>{t('New transfer')}</Heading>
      <TransferForm />
    </>
  );
}

export function TransferRoute() {
  const id = Number(useParams().id);
  return (
    <>
      <Back to={paths.transfers()}>{t('← Transfers')}</Back>
      <TransferDetail id={id} />
    </>
  );
}

export function TransferEditRoute() {
  const id = Number(useParams().id);
  return (
    <>
      <Back to={paths.transfer(id)}>{t('← Transfer')}</Back>
      <Heading>{t('Edit transfer')}</Heading>
      <TransferEdit id={id} />
    </>
  );
}

export function PurchaseOrdersRoute() {
  return (
    <>
      <Heading>{t('Stock')}</Heading>
      <StockTabs />
      <PurchaseOrderList />
    </>
  );
}

export function PurchaseOrderNewRoute() {
  return (
    <>
      <Back to={paths.purchaseOrders()}>{t('← Purchase orders')}</Back>
      <Heading>{t('New purchase order')}</Heading>
      <PurchaseOrderForm />
    </>
  );
}

export function PurchaseOrderRoute() {
  const id = Number(useParams().id);
  return (
    <>
      <Back to={paths.purchaseOrders()}>{t('← Purchase orders')}</Back>
      <PurchaseOrderDetail id={id} />
    </>
  );
}

export function PurchaseOrderEditRoute() {
  const id = Number(useParams().id);
  return (
    <>
      <Back to={paths.purchaseOrder(id)}>{t('← Purchase order')}</Back>
      <Heading>{t('Edit purchase order')}</Heading>
      <PurchaseOrderEdit id={id} />
    </>
  );
}

export function SuppliersRoute() {
  return (
    <>
      <Heading>{t('Stock')}</Heading>
      <StockTabs />
      <SupplierList />
    </>
  );
}
