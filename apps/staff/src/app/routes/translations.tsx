import { TranslationsEditor } from '../../features/translations/components/translations-editor';

export function TranslationsRoute() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Translations</h1>
      <TranslationsEditor />
    </>
  );
}
