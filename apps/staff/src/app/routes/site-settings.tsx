import { MediaPicker } from '../../features/media/components/media-picker';
import { SettingsRoute } from '../../features/site-settings/settings-route';

/** /page-builder/settings/{group}, composed here: the settings forms get the media library's picker. */
export function SiteSettingsRoute() {
  return <SettingsRoute imagePicker={MediaPicker} />;
}
