import { LoadingView } from '../../components/ui/loading';
import { useProductOptions } from '../../features/products/api/get-options';
import { ProductCreate } from '../../features/products/components/product-create';
import { errorMessage } from '../../lib/error-message';

export function ProductNewRoute() {
  const options = useProductOptions();
  if (options.error)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(options.error)}
      </p>
    );
  if (!options.data) return <LoadingView />;
  return <ProductCreate options={options.data} />;
}
