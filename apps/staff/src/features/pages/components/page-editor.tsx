import '@puckeditor/core/no-external.css';
import { ApiError } from '@grocer/shared/api-client';
import { BLOCKS, emptyBlocks, type BlockType } from '@grocer/shared/blocks';
import type { BuilderPageDetail } from '@grocer/shared/builder-pages';
import { themeVariables } from '@grocer/shared/theme';
import { Puck, type Data } from '@puckeditor/core';
import { ArrowLeft, ExternalLink, History } from 'lucide-react';
import { useMemo, useRef, useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { LeaveGuard } from '../../../components/ui/leave-guard';
import { LoadingView } from '../../../components/ui/loading';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { usePage } from '../api/get-pages';
import { usePublishPage, useSaveDraft } from '../api/page-writes';
import { useStorefrontInit } from '../api/sources';
import type { ImagePicker } from './block-fields';
import { usePuckNames } from './puck-a11y';
import { fieldPath, fromPuckData, puckConfig, toPuckData } from './puck-config';
import { PhoneEditor } from './phone-editor';
import { RevisionsDialog } from './revisions-dialog';
import { t } from '../../../lib/i18n';

/** Puck's viewports: a phone, a tablet and a desktop, the widths the storefront is checked at. */
const VIEWPORTS = [
  { width: 375, height: 'auto' as const, label: t('Phone (375 px)'), icon: 'Smartphone' as const },
  { width: 768, height: 'auto' as const, label: t('Tablet (768 px)'), icon: 'Tablet' as const },
  { width: 1440, height: 'auto' as const, label: t('Desktop (1440 px)'), icon: 'Monitor' as const },
];

/** The page editor (/page-builder/pages/:id): the draft in Puck, saved as a draft, published as a revision. */
export function PageEditor({ id, imagePicker }: { id: number; imagePicker: ImagePicker }) {
  const page = usePage(id);
  const init = useStorefrontInit();
  // bumped by a rollback: Puck starts again from the stored draft (a save keeps the editor as it is)
  const [generation, setGeneration] = useState(0);
  // below 768 px, a reduced editor; chosen when the editor opens, so narrowing the window never drops unsaved blocks
  const [phone] = useState(() => !window.matchMedia('(min-width: 768px)').matches);
  if (page.isPending || init.isPending) return <LoadingView />;
  if (page.error || init.error)
    return (
      <p role="alert" className="m-6 rounded bg-red-50 p-3 text-red-700">
        {errorMessage(page.error ?? init.error)}
      </p>
    );
  if (phone) return <PhoneEditor detail={page.data} />;
  const theme = Object.fromEntries(themeVariables(init.data.activetheme, init.data.web.font_family)) as CSSProperties;
  return (
    <Editor
      key={`${page.data.page.id}:${generation}`}
      detail={page.data}
      imagePicker={imagePicker}
      theme={theme}
      onReset={() => setGeneration((g) => g + 1)}
    />
  );
}

function Editor({
  detail,
  imagePicker,
  theme,
  onReset,
}: {
  detail: BuilderPageDetail;
  imagePicker: ImagePicker;
  theme: CSSProperties;
  onReset: () => void;
}) {
  // `detail` follows every save (its version is the one to send next); the editor's document is its own
  const { page } = detail;
  const themeKey = JSON.stringify(theme);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the theme by value, not by object
  const config = useMemo(() => puckConfig(imagePicker, theme), [imagePicker, themeKey]);
  const [initial] = useState(() => toPuckData(detail.draft));
  const current = useRef<Data>(initial);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [revisions, setRevisions] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  usePuckNames(root);
  const save = useSaveDraft(page.id);
  const publish = usePublishPage(page.id);
  const busy = save.isPending || publish.isPending;

  const failed = (e: unknown) => {
    if (e instanceof ApiError && e.status === 422) {
      setErrors(e.fieldErrors);
      toast.error(t('Some blocks need attention: select a block to see its fields marked.'));
    } else if (e instanceof ApiError && e.status === 409) {
      toast.error(errorMessage(e), { action: { label: t('Reload'), onClick: () => location.reload() }, duration: Infinity });
    } else toast.error(errorMessage(e));
  };

  /** Saves the draft when it changed; answers the page's version to publish from. */
  const saveDraft = async (): Promise<number | null> => {
    if (!dirty) return page.version;
    setErrors({});
    try {
      const saved = await save.mutateAsync({ version: page.version, ...fromPuckData(current.current) });
      setDirty(false);
      return saved.page.version;
    } catch (e) {
      failed(e);
      return null;
    }
  };

  const onSave = async () => {
    if ((await saveDraft()) !== null) toast.success(t('Draft saved. Shoppers still see the published page.'));
  };
  const onPublish = async () => {
    const version = await saveDraft();
    if (version === null) return;
    // a block that would show shoppers nothing is named before anything is asked of the server (it refuses it too)
    const empty = emptyBlocks(fromPuckData(current.current).components);
    if (empty.length) {
      toast.error(t('Not published. {empty} Add its content or remove it, then publish.', { empty: empty.join(' ') }), {
        duration: 15_000,
      });
      return;
    }
    publish.mutate(version, {
      onSuccess: (d) =>
        toast.success(t('Published: shoppers see revision {revision} of {url}', { revision: d.page.revision, url: d.page.url })),
      onError: failed,
    });
  };

  const blockErrors = (index: number) =>
    Object.entries(errors)
      .filter(([k]) => k.startsWith(`components.${index}.`))
      .map(([k, m]) => [fieldPath(k), m.join(', ')] as const);

  return (
    <div className="h-screen" ref={root}>
      <LeaveGuard when={dirty} />
      <Puck
        config={config}
        data={initial}
        viewports={VIEWPORTS}
        iframe={{ enabled: true, waitForStyles: true }}
        headerTitle={page.title}
        headerPath={page.url}
        onChange={(data) => {
          current.current = data;
          setDirty(true);
        }}
        overrides={{
          headerActions: () => (
            <div className="flex items-center gap-2 whitespace-nowrap">
              <span className="text-xs text-gray-500" aria-live="polite">
                {dirty
                  ? t('Unsaved changes')
                  : page.status === 'draft'
                    ? t('Draft, not published')
                    : page.has_draft
                      ? t('Draft saved')
                      : page.revision
                        ? t('Live: revision {revision}', { revision: page.revision })
                        : t('Live')}
              </span>
              <Link
                to={paths.builderPages()}
                className="inline-flex items-center gap-1 rounded border px-2 py-1.5 text-sm hover:bg-gray-50"
              >
                <ArrowLeft className="size-4" aria-hidden />
                {t('Pages')}
              </Link>
              {page.status === 'published' && (
                <a
                  href={paths.storefrontPage(page.url)}
                  target="_blank"
                  rel="noopener"
                  className="inline-flex items-center gap-1 rounded border px-2 py-1.5 text-sm hover:bg-gray-50"
                >
                  <ExternalLink className="size-4" aria-hidden />
                  {t('View live')}
                </a>
              )}
              <button
                type="button"
                onClick={() => setRevisions(true)}
                className="inline-flex items-center gap-1 rounded border px-2 py-1.5 text-sm hover:bg-gray-50"
              >
                <History className="size-4" aria-hidden />
                {t('Revisions')}
              </button>
              <button
                type="button"
                onClick={onSave}
                disabled={busy || !dirty}
                className="rounded border px-3 py-1.5 text-sm font-medium hover:bg-gray-50 disabled:opacity-50"
              >
                {t('Save draft')}
              </button>
              <button
                type="button"
                onClick={onPublish}
                disabled={busy}
                className="rounded bg-teal-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-teal-800 disabled:opacity-50"
              >
                {t('Publish')}
              </button>
            </div>
          ),
          fields: ({ children, itemSelector }) => {
            const list = itemSelector ? blockErrors(itemSelector.index) : [];
            return (
              <>
                {list.length > 0 && (
                  <div role="alert" className="m-3 rounded border border-red-300 bg-red-50 p-2 text-xs text-red-800">
                    {list.map(([field, message]) => (
                      <p key={field}>
                        <strong>{field}</strong>: {message}
                      </p>
                    ))}
                  </div>
                )}
                {!itemSelector && errors.css && (
                  <p role="alert" className="m-3 rounded border border-red-300 bg-red-50 p-2 text-xs text-red-800">
                    <strong>{t('Page CSS')}</strong>: {errors.css.join(', ')}
                  </p>
                )}
                {children}
              </>
            );
          },
          drawerItem: ({ name }) => (
            <div className="rounded border bg-white px-3 py-2 text-sm font-medium shadow-sm">
              {BLOCKS[name as BlockType]?.label ?? name}
            </div>
          ),
        }}
      />
      {revisions && (
        <RevisionsDialog
          page={page}
          dirty={dirty}
          onClose={() => setRevisions(false)}
          onRolledBack={() => {
            setDirty(false);
            onReset();
          }}
        />
      )}
    </div>
  );
}
