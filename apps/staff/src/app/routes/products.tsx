import { ProductList } from '../../features/products/components/product-list';

export function ProductsRoute() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Products</h1>
      <ProductList />
    </>
  );
}
