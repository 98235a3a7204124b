import { DEFAULT_WISHLIST_NAME, WISHLIST_ADDED, wishlistNameSchema, type WishlistCategory } from '@grocer/shared/wishlist';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { FormError, inputClass, SubmitButton } from '../../../components/ui/form';
import { Spinner } from '../../../components/ui/loading';
import { CLOSE_MS, Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api';
import { handleError } from '../../../lib/errors';
import { patchCachedProducts } from '../../../lib/query-patch';
import { wishlistApi, wishlistQuery } from '../api/wishlist';
import { t } from '../../../lib/i18n';

const listKey = (l: Pick<WishlistCategory, 'id'>) => l.id ?? 'default';

/**
 * Spec §2 picker 'Add Products In Wishlist': 'Default' plus the shopper's named lists, each a
 * toggle for the product; 'Create Another Wishlist' opens 'Create Another Wish List'.
 */
export function WishlistPicker({ productId, onClose }: { productId: number | null; onClose: () => void }) {
  const client = useQueryClient();
  const { data, isPending } = useQuery({ ...wishlistQuery, enabled: productId !== null });
  const [busy, setBusy] = useState<number | 'default' | null>(null);
  const [creating, setCreating] = useState(false);
  // The shell mounts the picker only while it is asked for: it plays its closing animation, then goes.
  const [closing, setClosing] = useState(false);
  const close = () => {
    setClosing(true);
    setTimeout(onClose, CLOSE_MS);
  };
  const lists = data?.WishlistCategories ?? [{ id: null, name: DEFAULT_WISHLIST_NAME, products: [] }];

  const toggle = async (list: WishlistCategory) => {
    if (productId === null) return;
    setBusy(listKey(list));
    try {
      const r = await wishlistApi.toggle(productId, list.id);
      patchCachedProducts(client, productId, { wishlist: r.wishlist });
      await client.invalidateQueries({ queryKey: wishlistQuery.queryKey });
    } catch (e) {
      handleError(e);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Modal open={productId !== null && !creating && !closing} onClose={close} title={t('Add Products In Wishlist')}>
        {isPending && productId !== null ? (
          <div className="flex justify-center py-6">
            <Spinner />
          </div>
        ) : (
          <ul className="space-y-2">
            {lists.map((l) => {
              const inList = l.products.some((p) => p.product_id === productId);
              return (
                <li key={listKey(l)}>
                  <button
                    type="button"
                    onClick={() => toggle(l)}
                    aria-pressed={inList}
                    className={`flex w-full items-center justify-between rounded-lg border px-3 py-2.5 text-left text-sm hover:bg-gray-50 ${inList ? 'border-[var(--color-primary)]' : ''}`}
                  >
                    <span className="font-medium">{l.name}</span>
                    {busy === listKey(l) ? (
                      <Spinner size={16} />
                    ) : inList ? (
                      <Check size={18} className="text-[var(--color-primary)]" aria-label={t('Saved')} />
                    ) : (
                      <Plus size={18} className="text-gray-400" aria-hidden="true" />
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <button
          type="button"
          onClick={() => setCreating(true)}
          className="mt-4 w-full rounded-lg border border-dashed py-2.5 text-sm font-medium text-[var(--color-primary)] hover:bg-gray-50"
        >
          {t('Create Another Wishlist')}
        </button>
      </Modal>
      <CreateWishlistModal open={creating} onClose={() => setCreating(false)} />
    </>
  );
}

/** 'Create Another Wish List': one field 'New Wishlist' and Submit. */
export function CreateWishlistModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setError(null);
    setName('');
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = wishlistNameSchema.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'New Wishlist is required');
    setBusy(true);
    try {
      await wishlistApi.create(parsed.data);
      await client.invalidateQueries({ queryKey: wishlistQuery.queryKey });
      toast.success(t(WISHLIST_ADDED));
      close();
    } catch (err) {
      // Spec §8: a wishlist failure is an error notification; a refused name also shows at the field.
      handleError(err);
      setError(err instanceof ApiError ? (err.fieldErrors.name?.[0] ?? null) : null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} onClose={close} title={t('Create Another Wish List')}>
      <form onSubmit={submit} noValidate>
        <label htmlFor="new-wishlist" className="mb-1 block text-sm font-medium">
          {t('New Wishlist')}
        </label>
        <input
          id="new-wishlist"
          value={name}
          onChange={(e) => setName(e.target.value)}
          className={inputClass}
          maxLength={60}
          aria-invalid={!!error}
          aria-describedby={error ? 'new-wishlist-error' : undefined}
        />
        <FormError id="new-wishlist-error" message={error} />
        <SubmitButton busy={busy}>{t('Submit')}</SubmitButton>
      </form>
    </Modal>
  );
}
