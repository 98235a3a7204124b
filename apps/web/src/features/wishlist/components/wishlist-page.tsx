import type { Cart } from '@grocer/shared/cart';
import type { Product } from '@grocer/shared/catalogue';
import { formatINR } from '@grocer/shared/money';
import { wishlistNameSchema, type WishlistCategory } from '@grocer/shared/wishlist';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Heart, Pencil, ShoppingCart, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ui/dialogs';
import { inputClass } from '../../../components/ui/form';
import { LoadingOverlay, Spinner } from '../../../components/ui/loading';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api';
import { handleError, readError } from '../../../lib/errors';
import { img } from '@grocer/blocks/image';
import { paths } from '../../../lib/paths';
import { patchCachedProducts } from '../../../lib/query-patch';
import { wishlistApi, wishlistQuery } from '../api/wishlist';
import { CreateWishlistModal } from './wishlist-picker';
import { t } from '../../../lib/i18n';

/**
 * /account/wishlist: every list with its products. Move an item to the cart, remove it, rename or
 * delete a list, or put a whole list in the cart (repeat buying). `onCart` takes the cart the
 * server answered so the drawer and badge follow at once.
 */
export function WishlistPage({ onCart }: { onCart: (cart: Cart) => void }) {
  const { data, isPending, error } = useQuery(wishlistQuery);
  const [creating, setCreating] = useState(false);
  if (isPending) return <LoadingOverlay />;
  if (error) return <p className="text-red-600">{readError(error)}</p>;
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('Wishlist')}</h1>
        <button
          type="button"
          onClick={() => setCreating(true)}
          className="rounded-lg border px-3 py-2 text-sm font-medium hover:bg-gray-50"
        >
          {t('Create Another Wishlist')}
        </button>
      </div>
      <div className="space-y-6">
        {data.WishlistCategories.map((list) => (
          <WishlistSection key={list.id ?? 'default'} list={list} onCart={onCart} />
        ))}
      </div>
      <CreateWishlistModal open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}

function WishlistSection({ list, onCart }: { list: WishlistCategory; onCart: (cart: Cart) => void }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: wishlistQuery.queryKey });

  const run = async (key: string, call: () => Promise<void>) => {
    setBusy(key);
    try {
      await call();
    } catch (e) {
      handleError(e);
    } finally {
      setBusy(null);
    }
  };
  const toCart = (product?: Product) =>
    run(product ? `move-${product.product_id}` : 'all', async () => {
      const r = await wishlistApi.toCart({ wishlist_category_id: list.id, product_id: product?.product_id, move: !!product });
      onCart(r.cart);
      if (r.added.length)
        toast.success(
          product
            ? t('{name} moved to your cart', { name: product.product_name })
            : t('{count, plural, one {# product} other {# products}} added to your cart', { count: r.added.length }),
        );
      for (const s of r.skipped) toast.warning(`${s.name}: ${s.reason}`);
      await refresh();
    });
  const remove = (product: Product) =>
    run(`remove-${product.product_id}`, async () => {
      const r = await wishlistApi.toggle(product.product_id, list.id);
      patchCachedProducts(client, product.product_id, { wishlist: r.wishlist });
      await refresh();
    });

  return (
    <section className="rounded-xl border bg-white" aria-labelledby={`wl-${list.id ?? 'default'}`} data-testid="wishlist-section">
      <header className="flex flex-wrap items-center justify-between gap-2 border-b px-4 py-3">
        <h2 id={`wl-${list.id ?? 'default'}`} className="font-semibold">
          {list.name} <span className="text-sm font-normal text-gray-500">({list.products.length})</span>
        </h2>
        <div className="flex items-center gap-1">
          {list.products.length > 0 && (
            <button
              type="button"
              onClick={() => toCart()}
              disabled={busy !== null}
              className="flex items-center gap-1.5 rounded-lg bg-[var(--color-primary)] px-3 py-1.5 text-sm font-semibold text-white hover:brightness-90"
            >
              {busy === 'all' ? <Spinner size={14} className="text-white" /> : <ShoppingCart size={14} aria-hidden="true" />}{' '}
              {t('Add all to cart')}
            </button>
          )}
          {list.id !== null && (
            <>
              <button
                type="button"
                onClick={() => setRenaming(true)}
                className="rounded p-2 text-gray-600 hover:bg-gray-100"
                aria-label={t('Rename {name}', { name: list.name })}
              >
                <Pencil size={16} aria-hidden="true" />
              </button>
              <button
                type="button"
                onClick={() => setDeleting(true)}
                className="rounded p-2 text-red-600 hover:bg-red-50"
                aria-label={t('Delete {name}', { name: list.name })}
              >
                <Trash2 size={16} aria-hidden="true" />
              </button>
            </>
          )}
        </div>
      </header>
      {list.products.length === 0 ? (
        <p className="flex items-center gap-2 px-4 py-6 text-sm text-gray-500">
          <Heart size={16} aria-hidden="true" /> {t('Nothing saved here yet. Tap the heart on a product to save it.')}
        </p>
      ) : (
        <ul className="divide-y">
          {list.products.map((p) => {
            const pack = p.packs[0];
            return (
              <li key={p.product_id} className="flex items-center gap-3 px-4 py-3" data-testid="wishlist-item">
                <img
                  src={img(p.image, 'small')}
                  alt=""
                  width={64}
                  height={48}
                  className="h-12 w-16 shrink-0 rounded bg-gray-50 object-cover"
                />
                <div className="min-w-0 flex-1">
                  <Link to={paths.product(p.slug)} className="text-sm font-medium hover:underline">
                    {p.product_name}
                  </Link>
                  {pack && (
                    <p className="text-xs text-gray-500">
                      {pack.pack_name} · {formatINR(pack.price)}
                      {pack.stock === 0 && <span className="ml-1 text-amber-700">· {t('Out of stock')}</span>}
                    </p>
                  )}
                </div>
                <button
                  type="button"
                  onClick={() => toCart(p)}
                  disabled={busy !== null}
                  className="rounded-lg border px-2.5 py-1.5 text-xs font-medium hover:bg-gray-50"
                >
                  {busy === `move-${p.product_id}` ? <Spinner size={12} /> : t('Move to cart')}
                </button>
                <button
                  type="button"
                  onClick={() => remove(p)}
                  disabled={busy !== null}
                  className="rounded-lg px-2.5 py-1.5 text-xs font-medium text-red-600 hover:bg-red-50"
                >
                  {busy === `remove-${p.product_id}` ? <Spinner size={12} /> : t('Remove')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {list.id !== null && (
        <>
          <RenameModal open={renaming} list={{ id: list.id, name: list.name }} onClose={() => setRenaming(false)} />
          <ConfirmDialog
            open={deleting}
            danger
            title={t('Delete wishlist')}
            message={t('Delete "{name}" and the {count, plural, one {# product} other {# products}} saved in it?', {
              name: list.name,
              count: list.products.length,
            })}
            confirmLabel="Delete"
            onCancel={() => setDeleting(false)}
            onConfirm={() => {
              setDeleting(false);
              void run('delete', async () => {
                await wishlistApi.remove(list.id!);
                for (const p of list.products) patchCachedProducts(client, p.product_id, { wishlist: false });
                await refresh();
              });
            }}
          />
        </>
      )}
    </section>
  );
}

function RenameModal({ open, list, onClose }: { open: boolean; list: { id: number; name: string }; onClose: () => void }) {
  const client = useQueryClient();
  const [name, setName] = useState(list.name);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = wishlistNameSchema.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'New Wishlist is required');
    try {
      await wishlistApi.rename(list.id, parsed.data);
      await client.invalidateQueries({ queryKey: wishlistQuery.queryKey });
      onClose();
    } catch (err) {
      // Spec §8: a wishlist failure is an error notification; a refused name also shows at the field.
      handleError(err);
      setError(err instanceof ApiError ? (err.fieldErrors.name?.[0] ?? null) : null);
    }
  };
  return (
    <Modal open={open} onClose={onClose} title={t('Rename Wishlist')}>
      <form onSubmit={submit} noValidate>
        <label htmlFor={`rename-${list.id}`} className="mb-1 block text-sm font-medium">
          {t('Name')}
        </label>
        <input
          id={`rename-${list.id}`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          className={inputClass}
          maxLength={60}
          aria-invalid={!!error}
        />
        {error && (
          <p role="alert" className="mt-1 text-sm text-red-600">
            {error}
          </p>
        )}
        <button
          type="submit"
          className="mt-4 h-10 w-full rounded-lg bg-[var(--color-primary)] font-semibold text-white hover:brightness-90"
        >
          {t('Save')}
        </button>
      </form>
    </Modal>
  );
}
