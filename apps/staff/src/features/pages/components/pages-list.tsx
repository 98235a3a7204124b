import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@grocer/shared/api-client';
import {
  builderPageCreateSchema,
  builderPageDuplicateSchema,
  builderPageUpdateSchema,
  type BuilderPage,
  type BuilderPageUpdate,
  type BuilderPageUpdateInput,
} from '@grocer/shared/builder-pages';
import * as Dialog from '@radix-ui/react-dialog';
import { createColumnHelper } from '@tanstack/react-table';
import { Copy, ExternalLink, EyeOff, Pencil, Plus, Settings2, Trash2, X } from 'lucide-react';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { SeoPreview } from '../../../components/seo-preview';
import { DataTable } from '../../../components/ui/data-table';
import { Field, inputClass } from '../../../components/ui/field';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { contractForm } from '../../../lib/contract-form';
import { errorMessage } from '../../../lib/error-message';
import { useListState, type ListDefaults } from '../../../lib/list-state';
import { paths } from '../../../lib/paths';
import { usePages } from '../api/get-pages';
import { useCreatePage, useDeletePage, useDuplicatePage, useUnpublishPage, useUpdatePage } from '../api/page-writes';
import { t } from '../../../lib/i18n';

/** 'Diwali Offers!' → '/diwali-offers': a url suggested from the title while the owner has not typed one. */
const urlFrom = (title: string) =>
  '/' +
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const SWITCHES = [
  ['show_navbar', 'Navbar'],
  ['show_sub_navbar', 'Sub-navbar'],
  ['show_footer', 'Footer'],
] as const;

/** The list's view when its address says nothing (the server answers every page, home first; search and pages are drawn here). */
export const DEFAULTS: ListDefaults = { sort: 'url', dir: 'asc', perPage: 100 };
const col = createColumnHelper<BuilderPage>();

/** The pages a search keeps: every word in the title or the address. */
export function matches(p: BuilderPage, q: string): boolean {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${p.title} ${p.url}`.toLowerCase();
  return words.every((w) => text.includes(w));
}

/** Website Settings → Pages: every page with its status and chrome switches; create, duplicate, edit, move, unpublish, delete. */
export function PagesList({ siteName }: { siteName: string }) {
  const list = useListState(DEFAULTS);
  const pages = usePages();
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [confirming, setConfirming] = useState<{ kind: 'delete' | 'unpublish'; page: BuilderPage } | null>(null);
  const update = useUpdatePage();
  const remove = useDeletePage();
  const unpublish = useUnpublishPage();
  const confirm = () => {
    if (!confirming) return;
    const { kind, page } = confirming;
    const onError = (e: unknown) => toast.error(errorMessage(e));
    if (kind === 'delete') remove.mutate(page.id, { onSuccess: () => toast.success(t('Page deleted')), onError });
    else
      unpublish.mutate(
        { id: page.id, version: page.version },
        { onSuccess: () => toast.success(t('Unpublished: shoppers no longer see {url}', { url: page.url })), onError },
      );
  };

  const toggle = (page: BuilderPage, key: (typeof SWITCHES)[number][0]) =>
    update.mutate(
      { id: page.id, version: page.version, [key]: !page[key] },
      { onError: (e) => toast.error(errorMessage(e)), onSuccess: () => toast.success(t('Saved: shoppers see it now')) },
    );

  const found = pages.data?.data.filter((p) => matches(p, list.q));
  const columns = [
    col.accessor('title', {
      header: t('Page'),
      cell: ({ row: { original: p } }) => (
        <span>
          <Link to={paths.builderPage(p.id)} className="font-medium text-gray-900 hover:underline">
            {p.title || t('(untitled)')}
          </Link>
          <a
            href={paths.storefrontPage(p.url)}
            target="_blank"
            rel="noopener"
            className="ml-1 inline-flex items-center gap-0.5 font-mono text-xs text-gray-500 hover:text-brand"
          >
            {p.url}
            <ExternalLink className="size-3" aria-label={t('open in the shop')} />
          </a>
        </span>
      ),
    }),
    col.accessor('status', {
      header: t('Status'),
      cell: ({ row: { original: p } }) => (
        <span>
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-medium ${p.status === 'published' ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-800'}`}
          >
            {p.status === 'published' ? t('Published') : t('Draft')}
          </span>
          {p.status === 'published' && p.has_draft && <span className="ml-2 text-xs text-amber-700">{t('unpublished changes')}</span>}
        </span>
      ),
    }),
    // below 768 px each row is a card, each switch named by its column
    ...SWITCHES.map(([key, label]) =>
      col.accessor(key, {
        header: label,
        cell: ({ row: { original: p } }) => (
          <input
            type="checkbox"
            className="size-4 accent-teal-700"
            checked={p[key]}
            disabled={update.isPending}
            onChange={() => toggle(p, key)}
            aria-label={t('{label} on {value}', { label, value: p.title || p.url })}
          />
        ),
      }),
    ),
    col.display({
      id: 'actions',
      header: t('Actions'),
      cell: ({ row: { original: p } }) => (
        <div className="flex justify-end gap-1">
          <IconLink to={paths.builderPage(p.id)} label={t('Edit {title}', { title: p.title })}>
            <Pencil className="size-4" aria-hidden />
          </IconLink>
          <IconButton label={t('Page settings of {title}', { title: p.title })} onClick={() => setDialog({ kind: 'settings', page: p })}>
            <Settings2 className="size-4" aria-hidden />
          </IconButton>
          <IconButton label={t('Duplicate {title}', { title: p.title })} onClick={() => setDialog({ kind: 'duplicate', page: p })}>
            <Copy className="size-4" aria-hidden />
          </IconButton>
          <IconButton
            label={
              p.url === '/'
                ? t('The home page cannot be unpublished')
                : p.status === 'published'
                  ? t('Unpublish {title}', { title: p.title })
                  : t('{title} is not published', { title: p.title })
            }
            disabled={p.url === '/' || p.status !== 'published' || unpublish.isPending}
            onClick={() => setConfirming({ kind: 'unpublish', page: p })}
          >
            <EyeOff className="size-4" aria-hidden />
          </IconButton>
          <IconButton
            label={p.url === '/' ? t('The home page cannot be deleted') : t('Delete {title}', { title: p.title })}
            disabled={p.url === '/'}
            onClick={() => setConfirming({ kind: 'delete', page: p })}
          >
            <Trash2 className="size-4" aria-hidden />
          </IconButton>
        </div>
      ),
    }),
  ];

  return (
    <div className="max-w-6xl">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold">{t('Pages')}</h1>
          <p className="text-sm text-gray-600">
            {t("Shoppers see a page's published version; your edits stay a draft until you publish.")}
          </p>
        </div>
        <button
          type="button"
          onClick={() => setDialog({ kind: 'new' })}
          className="inline-flex items-center gap-1 rounded-md bg-brand px-3 py-2 text-sm font-medium text-white hover:opacity-90"
        >
          <Plus className="size-4" aria-hidden />
          {t('New page')}
        </button>
      </div>
      <DataTable
        label={t('Pages')}
        columns={columns}
        rows={found?.slice((list.page - 1) * list.perPage, list.page * list.perPage)}
        total={found?.length}
        loading={pages.isFetching}
        error={pages.error ? errorMessage(pages.error) : undefined}
        getRowId={(p) => String(p.id)}
        rowName={(p) => p.title || p.url}
        list={list}
        searchLabel={t('Search by title or address')}
        empty={list.q ? t('No page matches this search.') : t('No pages yet.')}
      />
      {dialog && <PageDialog state={dialog} siteName={siteName} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={!!confirming}
        onOpenChange={(o) => !o && setConfirming(null)}
        title={
          confirming?.kind === 'unpublish'
            ? t('Unpublish “{title}”?', { title: confirming?.page.title })
            : t('Delete “{title}”?', { title: confirming?.page.title })
        }
        description={
          confirming?.kind === 'unpublish'
            ? t(
                'Shoppers opening {url} will see “page not found”. The page stays here as a draft with its revisions: publish it again whenever you like.',
                { url: confirming.page.url },
              )
            : t('Shoppers opening {url} will see “page not found”. Its revisions are deleted with it.', { url: confirming?.page.url })
        }
        confirm={confirming?.kind === 'unpublish' ? t('Unpublish page') : t('Delete page')}
        tone={confirming?.kind === 'unpublish' ? 'neutral' : 'danger'}
        onConfirm={() => (confirm(), setConfirming(null))}
      />
    </div>
  );
}

// touch targets: 44 px on phones, 40 px from 768 px (WCAG 2.5.8 asks 24; Apple and Material 44/48)
const iconClass =
  'inline-flex size-11 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 hover:text-gray-900 disabled:cursor-not-allowed disabled:opacity-40 md:size-10';

function IconButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button type="button" title={label} aria-label={label} onClick={onClick} disabled={disabled} className={iconClass}>
      {children}
    </button>
  );
}

function IconLink({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <Link to={to} title={label} aria-label={label} className={iconClass}>
      {children}
    </Link>
  );
}

type DialogState = { kind: 'new' } | { kind: 'duplicate' | 'settings'; page: BuilderPage };

/** The page form's fields as typed (the contract's names): new and duplicate use the title and url. */
interface PageForm {
  title: string;
  url: string;
  seo_title: string;
  seo_description: string;
  seo_keyword: string;
  schema_script: string;
}
const pageFields = z.object({
  title: z.string(),
  url: z.string(),
  seo_title: z.string(),
  seo_description: z.string(),
  seo_keyword: z.string(),
  schema_script: z.string(),
});
/** What the dialog sends: a new page or a copy (title, url), or the settings (a changed url only; the JSON-LD as typed). */
type CopyBody = { title: string; url: string };
type PageBody = CopyBody | BuilderPageUpdateInput;

/**
 * The form's schema (for react-hook-form's zod resolver) for one dialog: the fields as typed become
 * the call's body (the settings with the page's version, the url only when changed), checked by
 * the shared contract of that call, its messages shown at the fields; sent as typed (the server
 * trims them and makes the url's shape).
 */
function pageFormSchema(state: DialogState): z.ZodType<PageBody, PageForm> {
  if (state.kind !== 'settings') {
    const contract = state.kind === 'new' ? builderPageCreateSchema : builderPageDuplicateSchema;
    return contractForm(pageFields, (f): CopyBody => ({ title: f.title, url: f.url }), contract, 'title');
  }
  const page = state.page;
  return contractForm(
    pageFields,
    (f): BuilderPageUpdateInput => ({
      version: page.version,
      title: f.title,
      seo_title: f.seo_title,
      seo_description: f.seo_description,
      seo_keyword: f.seo_keyword,
      schema_script: f.schema_script,
      ...(f.url !== page.url ? { url: f.url } : {}),
    }),
    builderPageUpdateSchema,
    'title',
  );
}

/** New page, duplicate (new url and title) or page settings (title, url: the old url then redirects). */
function PageDialog({ state, siteName, onClose }: { state: DialogState; siteName: string; onClose: () => void }) {
  const navigate = useNavigate();
  const page = state.kind === 'new' ? null : state.page;
  // a new page's url follows its title until the owner types one
  const urlTyped = useRef(state.kind !== 'new');
  const schema = useMemo(() => pageFormSchema(state), [state]);
  const { register, handleSubmit, formState, setError, setValue, watch } = useForm<PageForm, unknown, PageBody>({
    resolver: zodResolver(schema),
    defaultValues: {
      title: state.kind === 'duplicate' ? `${page!.title} (copy)` : (page?.title ?? ''),
      url: state.kind === 'duplicate' ? `${page!.url === '/' ? '/home' : page!.url}-copy` : (page?.url ?? ''),
      seo_title: page?.seo_title ?? '',
      seo_description: page?.seo_description ?? '',
      seo_keyword: page?.seo_keyword ?? '',
      schema_script: page?.schema_script ?? '',
    },
  });
  const errors = formState.errors;
  const create = useCreatePage();
  const duplicate = useDuplicatePage();
  const update = useUpdatePage();
  const heading = state.kind === 'new' ? 'New page' : state.kind === 'duplicate' ? `Duplicate “${page!.title}”` : 'Page settings';

  const submit = handleSubmit(async (body) => {
    try {
      if (state.kind === 'new') {
        const p = await create.mutateAsync(body as CopyBody);
        toast.success(t('Page created as a draft'));
        navigate(paths.builderPage(p.id));
      } else if (state.kind === 'duplicate') {
        await duplicate.mutateAsync({ id: page!.id, ...(body as CopyBody) });
        toast.success(t('Page duplicated as a draft'));
        onClose();
      } else {
        // the JSON-LD goes as typed (a string): the contract's null for empty is the server's to make
        const { url } = body as BuilderPageUpdate;
        await update.mutateAsync({ id: page!.id, ...(body as BuilderPageUpdate) });
        toast.success(url !== undefined ? t('Saved: {url} now redirects to {url2}', { url: page!.url, url2: url }) : t('Saved'));
        onClose();
      }
    } catch (e) {
      // a refusal at a field is shown there; any other is said in a toast
      const fields =
        e instanceof ApiError && e.status === 422
          ? Object.entries(e.fieldErrors).filter(([wire, messages]) => messages[0] && wire in pageFields.shape)
          : [];
      for (const [wire, messages] of fields) setError(wire as keyof PageForm, { type: 'server', message: messages[0] });
      if (fields.length === 0) toast.error(errorMessage(e));
    }
  });
  const url = watch('url');

  return (
    <Dialog.Root open onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className={`fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl ${state.kind === 'settings' ? 'w-[720px]' : 'w-[480px]'}`}
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">{heading}</Dialog.Title>
            <Dialog.Close
              aria-label={t('Close')}
              title={t('Close')}
              className="inline-flex size-11 items-center justify-center rounded-md hover:bg-gray-100 md:size-10"
            >
              <X className="size-4" aria-hidden />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t("The page's title and address")}</Dialog.Description>
          <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
            <Field label={t('Title')} error={errors.title?.message}>
              {(a) => (
                <input
                  {...a}
                  {...register('title', { onChange: (e) => urlTyped.current || setValue('url', urlFrom(e.target.value)) })}
                  className={inputClass}
                  autoFocus
                />
              )}
            </Field>
            <Field
              label={t('Address (URL)')}
              error={errors.url?.message}
              hint={
                state.kind === 'settings' && page!.url === '/'
                  ? t('The home page stays at /')
                  : state.kind === 'settings'
                    ? t('Changing it keeps the old address working: it redirects here.')
                    : t('Like /diwali-offers')
              }
            >
              {(a) => (
                <input
                  {...a}
                  {...register('url', { onChange: () => (urlTyped.current = true) })}
                  className={`${inputClass} font-mono`}
                  disabled={state.kind === 'settings' && page!.url === '/'}
                />
              )}
            </Field>
            {state.kind === 'settings' && (
              <fieldset className="space-y-4 border-t pt-4">
                <legend className="pt-2 text-sm font-semibold">{t('Search engines')}</legend>
                <p className="text-xs text-gray-500">{t("Empty fields fall back to the page title and the site's SEO settings.")}</p>
                <Field label={t('SEO title')} error={errors.seo_title?.message}>
                  {(a) => <input {...a} {...register('seo_title')} className={inputClass} />}
                </Field>
                <Field label={t('SEO description')} error={errors.seo_description?.message}>
                  {(a) => <textarea {...a} {...register('seo_description')} rows={2} className={inputClass} />}
                </Field>
                <Field label={t('SEO keywords')} error={errors.seo_keyword?.message} hint={t('Separated by commas')}>
                  {(a) => <input {...a} {...register('seo_keyword')} className={inputClass} />}
                </Field>
                <Field
                  label={t('Structured data (JSON-LD)')}
                  error={errors.schema_script?.message}
                  hint={t('Optional. A JSON object with "@context" and "@type", put in the page head for search engines.')}
                >
                  {(a) => (
                    <textarea
                      {...a}
                      {...register('schema_script')}
                      rows={4}
                      spellCheck={false}
                      className={`${inputClass} font-mono text-xs`}
                    />
                  )}
                </Field>
                <SeoPreview
                  title={watch('seo_title') || watch('title')}
                  description={watch('seo_description')}
                  url={`${window.location.origin}${url}`}
                  image=""
                  siteName={siteName}
                />
              </fieldset>
            )}
            <div className="flex justify-end gap-2">
              <button type="button" onClick={onClose} className="rounded-md border px-3 py-2 text-sm">
                {t('Cancel')}
              </button>
              <button
                type="submit"
                disabled={formState.isSubmitting}
                className="rounded-md bg-brand px-3 py-2 text-sm font-medium text-white disabled:opacity-60"
              >
                {state.kind === 'new' ? t('Create and edit') : state.kind === 'duplicate' ? t('Duplicate') : t('Save')}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
