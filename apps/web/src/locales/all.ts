import { loadCatalogue } from './lingui';
import { messages as hi } from './hi/messages';
import { messages as hiLater } from './hi/more';
import { messages as kn } from './kn/messages';
import { messages as knLater } from './kn/more';

/** Every catalogue at once: the server renderer (entry-server.tsx) speaks any language synchronously. */
loadCatalogue('hi', { ...hi, ...hiLater });
loadCatalogue('kn', { ...kn, ...knLater });
