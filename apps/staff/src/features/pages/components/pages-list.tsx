import { ApiError } from '@grocer/shared/api-client';
import type { BuilderPage } from '@grocer/shared/builder-pages';
import * as Dialog from '@radix-ui/react-dialog';
import { Copy, ExternalLink, EyeOff, Pencil, Plus, Settings2, Trash2, X } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { SeoPreview } from '../../../components/seo-preview';
import { Field, inputClass } from '../../../components/ui/field';
import { LoadingView } from '../../../components/ui/loading';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/error-message';
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

/** Website Settings → Pages: every page with its status and chrome switches; create, duplicate, edit, move, unpublish, delete. */
export function PagesList({ siteName }: { siteName: string }) {
  const pages = usePages();
  const [dialog, setDialog] = useState<{ kind: 'new' } | { kind: 'duplicate' | 'settings'; page: BuilderPage } | null>(null);
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

  return (
    <div className="max-w-6xl">
      <div className="flex flex-wrap items-center justify-between gap-4">
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
      {pages.isPending ? (
        <LoadingView />
      ) : pages.error ? (
        <p role="alert" className="mt-4 rounded bg-red-50 p-3 text-red-700">
          {errorMessage(pages.error)}
        </p>
      ) : (
        // below 768 px each row is a card: the page and its status, then its switches (named) and actions
        <table className="mt-6 block w-full border-collapse overflow-hidden rounded-lg border bg-white text-sm md:table">
          <thead className="hidden bg-gray-50 text-left text-xs uppercase tracking-wide text-gray-500 md:table-header-group">
            <tr>
              <th className="px-3 py-2">{t('Page')}</th>
              <th className="px-3 py-2">{t('Status')}</th>
              {SWITCHES.map(([, label]) => (
                <th key={label} className="px-3 py-2 text-center">
                  {label}
                </th>
              ))}
              <th className="px-3 py-2 text-right">{t('Actions')}</th>
            </tr>
          </thead>
          <tbody className="block md:table-row-group">
            {pages.data.data.map((p) => (
              <tr key={p.id} className="flex flex-wrap items-center border-t align-middle first:border-t-0 md:table-row md:first:border-t">
                <td className="grow basis-48 px-3 py-2">
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
                </td>
                <td className="px-3 py-2">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-medium ${p.status === 'published' ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-800'}`}
                  >
                    {p.status === 'published' ? t('Published') : t('Draft')}
                  </span>
                  {p.status === 'published' && p.has_draft && (
                    <span className="ml-2 text-xs text-amber-700">{t('unpublished changes')}</span>
                  )}
                </td>
                {SWITCHES.map(([key, label]) => (
                  <td key={key} className="px-3 py-2 text-center">
                    <label className="inline-flex items-center gap-1.5">
                      <input
                        type="checkbox"
                        className="size-4 accent-teal-700"
                        checked={p[key]}
                        disabled={update.isPending}
                        onChange={() => toggle(p, key)}
                        aria-label={t('{label} on {value}', { label, value: p.title || p.url })}
                      />
                      <span aria-hidden className="text-xs text-gray-600 md:hidden">
                        {label}
                      </span>
                    </label>
                  </td>
                ))}
                <td className="w-full px-3 py-2 md:w-auto">
                  <div className="flex justify-end gap-1">
                    <IconLink to={paths.builderPage(p.id)} label={t('Edit {title}', { title: p.title })}>
                      <Pencil className="size-4" aria-hidden />
                    </IconLink>
                    <IconButton
                      label={t('Page settings of {title}', { title: p.title })}
                      onClick={() => setDialog({ kind: 'settings', page: p })}
                    >
                      <Settings2 className="size-4" aria-hidden />
                    </IconButton>
                    <IconButton
                      label={t('Duplicate {title}', { title: p.title })}
                      onClick={() => setDialog({ kind: 'duplicate', page: p })}
                    >
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
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
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

/** New page, duplicate (new url and title) or page settings (title, url: the old url then redirects). */
function PageDialog({ state, siteName, onClose }: { state: DialogState; siteName: string; onClose: () => void }) {
  const navigate = useNavigate();
  const page = state.kind === 'new' ? null : state.page;
  const [title, setTitle] = useState(state.kind === 'duplicate' ? `${page!.title} (copy)` : (page?.title ?? ''));
  const [url, setUrl] = useState(state.kind === 'duplicate' ? `${page!.url === '/' ? '/home' : page!.url}-copy` : (page?.url ?? ''));
  const [urlTyped, setUrlTyped] = useState(state.kind !== 'new');
  const [seo, setSeo] = useState({
    seo_title: page?.seo_title ?? '',
    seo_description: page?.seo_description ?? '',
    seo_keyword: page?.seo_keyword ?? '',
    schema_script: page?.schema_script ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const create = useCreatePage();
  const duplicate = useDuplicatePage();
  const update = useUpdatePage();
  const pending = create.isPending || duplicate.isPending || update.isPending;
  const heading = state.kind === 'new' ? 'New page' : state.kind === 'duplicate' ? `Duplicate “${page!.title}”` : 'Page settings';

  const failed = (e: unknown) => {
    if (e instanceof ApiError && e.status === 422) setErrors(e.fieldErrors);
    else toast.error(errorMessage(e));
  };
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    setErrors({});
    if (state.kind === 'new')
      create.mutate(
        { title, url },
        { onError: failed, onSuccess: (p) => (toast.success(t('Page created as a draft')), navigate(paths.builderPage(p.id))) },
      );
    else if (state.kind === 'duplicate')
      duplicate.mutate(
        { id: page!.id, title, url },
        { onError: failed, onSuccess: () => (toast.success(t('Page duplicated as a draft')), onClose()) },
      );
    else
      update.mutate(
        { id: page!.id, version: page!.version, title, ...seo, ...(url !== page!.url ? { url } : {}) },
        {
          onError: failed,
          onSuccess: () => (
            toast.success(url !== page!.url ? t('Saved: {url} now redirects to {url2}', { url: page!.url, url2: url }) : t('Saved')),
            onClose()
          ),
        },
      );
  };

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
            <Field label={t('Title')} error={errors.title?.[0]}>
              {(a) => (
                <input
                  {...a}
                  className={inputClass}
                  value={title}
                  onChange={(e) => {
                    setTitle(e.target.value);
                    if (!urlTyped) setUrl(urlFrom(e.target.value));
                  }}
                  autoFocus
                />
              )}
            </Field>
            <Field
              label={t('Address (URL)')}
              error={errors.url?.[0]}
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
                  className={`${inputClass} font-mono`}
                  value={url}
                  disabled={state.kind === 'settings' && page!.url === '/'}
                  onChange={(e) => {
                    setUrl(e.target.value);
                    setUrlTyped(true);
                  }}
                />
              )}
            </Field>
            {state.kind === 'settings' && (
              <fieldset className="space-y-4 border-t pt-4">
                <legend className="pt-2 text-sm font-semibold">{t('Search engines')}</legend>
                <p className="text-xs text-gray-500">{t("Empty fields fall back to the page title and the site's SEO settings.")}</p>
                <Field label={t('SEO title')} error={errors.seo_title?.[0]}>
                  {(a) => (
                    <input
                      {...a}
                      className={inputClass}
                      value={seo.seo_title}
                      onChange={(e) => setSeo({ ...seo, seo_title: e.target.value })}
                    />
                  )}
                </Field>
                <Field label={t('SEO description')} error={errors.seo_description?.[0]}>
                  {(a) => (
                    <textarea
                      {...a}
                      rows={2}
                      className={inputClass}
                      value={seo.seo_description}
                      onChange={(e) => setSeo({ ...seo, seo_description: e.target.value })}
                    />
                  )}
                </Field>
                <Field label={t('SEO keywords')} error={errors.seo_keyword?.[0]} hint={t('Separated by commas')}>
                  {(a) => (
                    <input
                      {...a}
                      className={inputClass}
                      value={seo.seo_keyword}
                      onChange={(e) => setSeo({ ...seo, seo_keyword: e.target.value })}
                    />
                  )}
                </Field>
                <Field
                  label={t('Structured data (JSON-LD)')}
                  error={errors.schema_script?.[0]}
                  hint={t('Optional. A JSON object with "@context" and "@type", put in the page head for search engines.')}
                >
                  {(a) => (
                    <textarea
                      {...a}
                      rows={4}
                      spellCheck={false}
                      className={`${inputClass} font-mono text-xs`}
                      value={seo.schema_script}
                      onChange={(e) => setSeo({ ...seo, schema_script: e.target.value })}
                    />
                  )}
                </Field>
                <SeoPreview
                  title={seo.seo_title || title}
                  description={seo.seo_description}
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
                disabled={pending}
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
