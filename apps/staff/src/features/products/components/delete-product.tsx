import type { AdminProduct } from '@grocer/shared/admin-catalogue';
import { ApiError } from '@grocer/shared/api-client';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { useDeleteProducts } from '../api/delete-products';

/** The editor's delete: only a product never ordered; otherwise the server's answer says to archive it. */
export function DeleteProduct({ product }: { product: AdminProduct }) {
  const [open, setOpen] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const remove = useDeleteProducts();
  const navigate = useNavigate();
  return (
    <AlertDialog.Root open={open} onOpenChange={(o) => (setOpen(o), setRefused(null))}>
      <AlertDialog.Trigger className="mt-4 text-sm font-medium text-red-700 hover:underline">Delete product</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[480px] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">Delete {product.name}?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-600">
            Only a product never ordered can be deleted. This cannot be undone.
          </AlertDialog.Description>
          {refused && (
            <p role="alert" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              {refused}
            </p>
          )}
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className="rounded-md border bg-white px-4 py-2 text-sm font-medium hover:bg-gray-50">
              Keep it
            </AlertDialog.Cancel>
            <button
              type="button"
              disabled={remove.isPending || !!refused}
              className="rounded-md bg-red-600 px-4 py-2 text-sm font-medium text-white hover:bg-red-700 disabled:opacity-50"
              onClick={() =>
                remove.mutate([product.id], {
                  onSuccess: () => {
                    toast.success(`${product.name} deleted`);
                    void navigate(paths.products(), { replace: true });
                  },
                  onError: (e) => (e instanceof ApiError && e.status === 409 ? setRefused(errorMessage(e)) : toast.error(errorMessage(e))),
                })
              }
            >
              Delete
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
