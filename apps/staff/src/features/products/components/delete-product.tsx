import type { AdminProduct } from '@grocer/shared/admin-catalogue';
import { ApiError } from '@grocer/shared/api-client';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { useDeleteProducts } from '../api/delete-products';
import { t } from '../../../lib/i18n';

/** The editor's delete: only a product never ordered; otherwise the server's answer says to archive it. */
export function DeleteProduct({ product }: { product: AdminProduct }) {
  const [open, setOpen] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const remove = useDeleteProducts();
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(o) => (setOpen(o), setRefused(null))}
      trigger={
        <button type="button" className="mt-4 text-sm font-medium text-red-700 hover:underline">
          {t('Delete product')}
        </button>
      }
      title={t('Delete {name}?', { name: product.name })}
      description={t('Only a product never ordered can be deleted. This cannot be undone.')}
      cancel={t('Keep it')}
      confirm={t('Delete')}
      busy={remove.isPending}
      disabled={!!refused}
      onConfirm={() =>
        remove.mutate([product.id], {
          onSuccess: () => {
            toast.success(t('{name} deleted', { name: product.name }));
            void navigate(paths.products(), { replace: true });
          },
          onError: (e) => (e instanceof ApiError && e.status === 409 ? setRefused(errorMessage(e)) : toast.error(errorMessage(e))),
        })
      }
    >
      {refused && (
        <p role="alert" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {refused}
        </p>
      )}
    </ConfirmDialog>
  );
}
