import { useParams } from 'react-router';
import { LoadingView } from '../../components/ui/loading';
import { errorMessage } from '../../lib/error-message';
import { useSiteSettings } from './api';
import { LanguagesScreen } from './components/languages-screen';
import { MenusScreen } from './components/menus-screen';
import { NavigationScreen } from './components/navigation-screen';
import { PopupScreen } from './components/popup-screen';
import { ScriptsScreen } from './components/scripts-screen';
import { SeoScreen } from './components/seo-screen';
import { ThemeScreen } from './components/theme-screen';
import { WebsiteScreen } from './components/website-screen';
import { ImagePickerProvider, type ImagePicker } from '../../lib/image-picker';
import { t } from '../../lib/i18n';

/** /page-builder/settings/{group}: one settings group of the managed website (the route hands in the media picker). */
export function SettingsRoute({ imagePicker }: { imagePicker: ImagePicker }) {
  return (
    <ImagePickerProvider value={imagePicker}>
      <SettingsGroup />
    </ImagePickerProvider>
  );
}

function SettingsGroup() {
  const { group = 'website' } = useParams();
  const settings = useSiteSettings();
  if (settings.isPending) return <LoadingView />;
  if (settings.isError)
    return (
      <p role="alert" className="p-6 text-red-700">
        {errorMessage(settings.error)}
      </p>
    );
  const s = settings.data;
  switch (group) {
    case 'website':
      return <WebsiteScreen settings={s} />;
    case 'theme':
      return <ThemeScreen settings={s} />;
    case 'navigation':
      return <NavigationScreen settings={s} />;
    case 'menus':
      return <MenusScreen settings={s} kind="nav" />;
    case 'footer':
      return <MenusScreen settings={s} kind="footer" />;
    case 'popup':
      return <PopupScreen settings={s} />;
    case 'seo':
      return <SeoScreen settings={s} />;
    case 'scripts':
      return <ScriptsScreen settings={s} />;
    case 'languages':
      return <LanguagesScreen settings={s} />;
    default:
      return <p className="p-6">{t('No such settings page.')}</p>;
  }
}
