import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { productQuery, relatedQuery } from '../../features/catalogue/api/products';
import { ProductCard, type ProductControls } from '@grocer/blocks/product-card';
import { ProductPage } from '../../features/catalogue/components/product-page';
import { Carousel } from '@grocer/blocks/carousel';
import { useInit } from '../../lib/init';
import { useProductControls } from '../product-controls';
import { ProductReviews } from '../../features/reviews/product-reviews';
import { REDIRECT_KEY } from '../guards';
import { SubscribeAction } from '../../features/subscriptions/components/subscribe-sheet';
import { keepForSignIn, subscribeAction } from '../pending-action';
import { t } from '../../lib/i18n';
import { loadLaterMessages } from '../../locales/load';

// the account's address form, loaded only when a shopper adds an address from the Subscribe sheet
const AddressForm = lazy(async () => {
  const [page] = await Promise.all([import('../../features/account/components/addresses-page'), loadLaterMessages()]);
  return { default: page.AddressForm };
});

function Related({ slug, controls }: { slug: string; controls: ProductControls }) {
  const { data } = useQuery(relatedQuery(slug));
  if (!data?.data.length) return null;
  return (
    <section className="mt-10">
      <h2 className="mb-4 text-xl font-bold">{t('You may also like')}</h2>
      <Carousel label={t('Related products')}>
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
  // back from sign-in with a pack to subscribe to: its sheet opens once
  const [search] = useSearchParams();
  const subscribeTo = Number(search.get('subscribe')) || null;
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
      subscribe={(product, pack) => (
        <SubscribeAction
          key={pack.pack_id}
          product={product}
          pack={pack}
          signedIn={init.user !== null}
          initiallyOpen={subscribeTo === pack.pack_id}
          onSignIn={() => {
            keepForSignIn(subscribeAction(product, pack), `${location.pathname}?subscribe=${pack.pack_id}`);
            navigate('/auth/login');
          }}
          addressForm={(p) => (
            <Suspense fallback={null}>
              <AddressForm
                address={null}
                prefill={{ name: init.user?.name ?? '', phone: init.user?.phone ?? '', pincode: init.pincode ?? '' }}
                first={p.first}
                onClose={p.onClose}
                onSaved={p.onSaved}
              />
            </Suspense>
          )}
        />
      )}
      {...large}
    />
  );
}
