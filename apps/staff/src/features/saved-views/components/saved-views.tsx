import { sameView, viewParamsOf, type SavedView, type ViewList } from '@grocer/shared/views';
import * as Dialog from '@radix-ui/react-dialog';
import { Pencil, Users } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Field, inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { useViewChanges, useViews } from '../api/views';
import { t } from '../../../lib/i18n';

const button = 'rounded-md px-3 py-1.5 text-sm font-medium disabled:opacity-50';
const chip = (active: boolean) =>
  `inline-flex items-center gap-1 rounded-full border px-3 py-1 text-sm ${
    active ? 'border-brand bg-brand text-white' : 'border-gray-300 bg-white text-gray-800 hover:border-gray-400'
  }`;

/** The dialog that names a view (new, or renaming one), with "share with all staff". */
function ViewDialog({
  open,
  onOpenChange,
  title,
  initial,
  pending,
  onSave,
  extra,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  initial: { name: string; shared: boolean };
  pending: boolean;
  onSave: (v: { name: string; shared: boolean }) => void;
  extra?: React.ReactNode;
}) {
  const [name, setName] = useState(initial.name);
  const [shared, setShared] = useState(initial.shared);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave({ name, shared });
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[420px] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-gray-600">
            {t('A view keeps this list’s search, filters and sort, on any device you sign in on.')}
          </Dialog.Description>
          <form className="mt-4 space-y-4" onSubmit={submit}>
            <Field label={t('View name')}>
              {(a) => (
                <input {...a} required maxLength={40} className={inputClass} value={name} onChange={(e) => setName(e.target.value)} />
              )}
            </Field>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={shared} onChange={(e) => setShared(e.target.checked)} />
              {t('Share with all staff of this website')}
            </label>
            {extra}
            <div className="flex justify-end gap-3 pt-2">
              <Dialog.Close className={`${button} border bg-white hover:bg-gray-50`}>{t('Cancel')}</Dialog.Close>
              <button type="submit" disabled={pending} className={`${button} bg-brand text-white hover:opacity-90`}>
                {t('Save')}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Rename, share, take the list's current filters, or delete one of the person's own views. */
function EditView({ list, view, current }: { list: ViewList; view: SavedView; current: Record<string, string> }) {
  const [open, setOpen] = useState(false);
  const [useCurrent, setUseCurrent] = useState(false);
  const { update, remove } = useViewChanges(list);
  const differs = !sameView(view.params, current);
  return (
    <>
      <button
        type="button"
        aria-label={t('Edit view {name}', { name: view.name })}
        onClick={() => {
          setUseCurrent(false);
          setOpen(true);
        }}
        className="rounded-full p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-900"
      >
        <Pencil aria-hidden className="h-3.5 w-3.5" />
      </button>
      {open && (
        <ViewDialog
          open
          onOpenChange={setOpen}
          title={t('Edit view “{name}”', { name: view.name })}
          initial={view}
          pending={update.isPending || remove.isPending}
          onSave={(v) =>
            update.mutate(
              { id: view.id, name: v.name, shared: v.shared, ...(useCurrent && { params: current }) },
              {
                onSuccess: () => {
                  toast.success(t('View “{name}” saved', { name: v.name }));
                  setOpen(false);
                },
                onError: (e) => toast.error(errorMessage(e)),
              },
            )
          }
          extra={
            <>
              {differs && (
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" checked={useCurrent} onChange={(e) => setUseCurrent(e.target.checked)} />
                  {t('Replace its filters with the ones shown now')}
                </label>
              )}
              <button
                type="button"
                className="text-sm font-medium text-red-700 hover:underline"
                onClick={() =>
                  remove.mutate(view.id, {
                    onSuccess: () => {
                      toast.success(t('View “{name}” deleted', { name: view.name }));
                      setOpen(false);
                    },
                    onError: (e) => toast.error(errorMessage(e)),
                  })
                }
              >
                {t('Delete view')}
              </button>
            </>
          }
        />
      )}
    </>
  );
}

/**
 * Saved views above a list (issue 40.17): "All" and each view as a tab that opens its filters
 * (the list keeps its state in the address); "Save view" names the current one. The route
 * composes it above the list it belongs to.
 */
export function SavedViews({ list }: { list: ViewList }) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const views = useViews(list);
  const { create } = useViewChanges(list);
  const [saving, setSaving] = useState(false);
  const current = viewParamsOf(params);
  const all = Object.keys(current).length === 0;
  const open = views.data?.data.find((v) => sameView(v.params, current));
  return (
    <nav aria-label={t('Saved views')} className="mb-3 flex flex-wrap items-center gap-2">
      <Link to={pathname} aria-current={all ? 'page' : undefined} className={chip(all)}>
        {t('All')}
      </Link>
      {views.data?.data.map((v) => {
        const active = v === open;
        return (
          <span key={v.id} className="inline-flex items-center">
            <Link
              to={`${pathname}?${new URLSearchParams(v.params).toString()}`}
              aria-current={active ? 'page' : undefined}
              className={chip(active)}
              title={v.mine ? undefined : t('Shared by {owner}', { owner: v.owner })}
            >
              {v.name}
              {v.shared && <Users aria-label={t('shared')} className="h-3.5 w-3.5" />}
            </Link>
            {v.mine && <EditView list={list} view={v} current={current} />}
          </span>
        );
      })}
      {views.error && <span className="text-sm text-red-700">{errorMessage(views.error)}</span>}
      {!all && !open && (
        <button
          type="button"
          onClick={() => setSaving(true)}
          className={`${button} border border-dashed border-gray-400 bg-white hover:bg-gray-50`}
        >
          {t('Save view')}
        </button>
      )}
      {saving && (
        <ViewDialog
          open
          onOpenChange={setSaving}
          title={t('Save view')}
          initial={{ name: '', shared: false }}
          pending={create.isPending}
          onSave={(v) =>
            create.mutate(
              { ...v, params: current },
              {
                onSuccess: () => {
                  toast.success(t('View “{name}” saved', { name: v.name }));
                  setSaving(false);
                },
                onError: (e) => toast.error(errorMessage(e)),
              },
            )
          }
        />
      )}
    </nav>
  );
}
