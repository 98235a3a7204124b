import { MediaLibrary } from '../../features/media/components/media-library';
import { t } from '../../lib/i18n';

export function MediaRoute() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('Media')}</h1>
      <MediaLibrary />
    </>
  );
}
