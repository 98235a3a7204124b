import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { LoadingView } from '../../components/ui/loading';
import { useProductOptions } from '../../features/products/api/get-options';
import { useProduct } from '../../features/products/api/get-product';
import { EntityHistory } from '../../features/audit/components/entity-history';
import { MediaPicker } from '../../features/media/components/media-picker';
import { ProductEditor } from '../../features/products/components/product-editor';
import { PackStockInline } from '../../features/stock/components/pack-stock-inline';
import { NotFound } from '../route-error';
import { errorMessage } from '../../lib/error-message';

export function ProductRoute() {
  const id = Number(useParams().id);
  const product = useProduct(id);
  const options = useProductOptions();
  // The form starts from what is saved now. Cached data shown while it is fetched again on arrival
  // (after an edit elsewhere, e.g. a bulk price change) would be replaced a moment later, and the
  // form and any dialog opened in it with it, under the person's hands: wait for that fetch.
  const [settled, setSettled] = useState<number | null>(null);
  useEffect(() => {
    if (product.data && !product.isFetching) setSettled(id);
  }, [id, product.data, product.isFetching]);
  if (!Number.isInteger(id) || id <= 0 || (product.error && 'status' in product.error && product.error.status === 404)) return <NotFound />;
  const error = product.error ?? options.error;
  if (error)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(error)}
      </p>
    );
  if (!product.data || !options.data || settled !== id) return <LoadingView />;
  // Keyed by version: a reload after a conflict starts the form again from what is saved.
  return (
    <ProductEditor
      key={`${product.data.id}-${product.data.version}`}
      product={product.data}
      options={options.data}
      onReload={product.refetch}
      history={<EntityHistory entity="product" id={product.data.id} />}
      imagePicker={MediaPicker}
      packStock={PackStockInline}
    />
  );
}
