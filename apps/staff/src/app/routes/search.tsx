import { SynonymsEditor } from '../../features/search/components/synonyms-editor';

export function SearchRoute() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Search words</h1>
      <SynonymsEditor />
    </>
  );
}
