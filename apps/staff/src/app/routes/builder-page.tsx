import { useParams } from 'react-router';
import { MediaPicker } from '../../features/media/components/media-picker';
import { PageEditor } from '../../features/pages/components/page-editor';

/** The page editor, with the media library's picker for its image fields (composed here: features do not import each other). */
export function BuilderPageRoute() {
  const id = Number(useParams().id);
  return <PageEditor id={id} imagePicker={MediaPicker} />;
}
