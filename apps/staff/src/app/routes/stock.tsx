import { StockList } from '../../features/stock/components/stock-list';

export function StockRoute() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Stock</h1>
      <StockList />
    </>
  );
}
