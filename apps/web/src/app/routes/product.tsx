import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { productQuery, relatedQuery } from '../../features/catalogue/api/products';
import { ProductCard, type ProductControls } from '@grocer/blocks/product-card';
import { ProductPage } from '../../features/catalogue/components/product-page';
import { Carousel } from '@grocer/blocks/carousel';
import { useInit } from '../../lib/init';
import { useProductControls } from '../product-controls';
import { ProductReviews } from '../../features/reviews/product-reviews';
import { REDIRECT_KEY } from '../guards';

function Related({ slug, controls }: { slug: string; controls: ProductControls }) {
  const { data } = useQuery(relatedQuery(slug));
  if (!data?.data.length) return null;
  return (
    <section className="mt-10">
      <h2 className="mb-4 text-xl font-bold">You may also like</h2>
      <Carousel label="Related products">
        {data.data.map((p) => (
          <ProductCard key={p.product_id} product={p} {...controls} />
        ))}
      </Carousel>
    </section>
  );
}

export function Component() {
  const { slug = '' } = useParams();
  const init = useInit();
  const controls = useProductControls();
  const large = useProductControls('lg');
  const navigate = useNavigate();
  const location = useLocation();
  // an old slug (the product was renamed): the API answered through its redirect; show the current address
  const { data } = useQuery(productQuery(slug));
  if (data && data.slug && data.slug !== slug && !/^\d+$/.test(slug))
    return <Navigate to={`/products/${encodeURIComponent(data.slug)}`} replace />;
  const reviews = (
    <ProductReviews
      slug={slug}
      signedIn={init.user !== null}
      onSignIn={() => {
        // back to this product's reviews after sign-in (spec §2's redirect key)
        sessionStorage.setItem(REDIRECT_KEY, `${location.pathname}#reviews`);
        navigate('/auth/login');
      }}
    />
  );
  return (
    <ProductPage
      key={slug}
      slug={slug}
      categories={init.categories}
      related={<Related slug={slug} controls={controls} />}
      reviews={reviews}
      {...large}
    />
  );
}
