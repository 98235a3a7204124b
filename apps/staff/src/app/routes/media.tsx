import { MediaLibrary } from '../../features/media/components/media-library';

export function MediaRoute() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Media</h1>
      <MediaLibrary />
    </>
  );
}
