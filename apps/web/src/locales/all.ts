import { loadCatalogue } from './reader';
import { messages as hi } from './hi/messages';
import { messages as hiPage } from './hi/page';
import { messages as hiProducts } from './hi/products';
import { messages as hiProduct } from './hi/product';
import { messages as hiLater } from './hi/more';
import { messages as kn } from './kn/messages';
import { messages as knPage } from './kn/page';
import { messages as knProducts } from './kn/products';
import { messages as knProduct } from './kn/product';
import { messages as knLater } from './kn/more';

/** Every catalogue at once: the server renderer (entry-server.tsx) speaks any language synchronously. */
loadCatalogue('hi', { ...hi, ...hiPage, ...hiProducts, ...hiProduct, ...hiLater });
loadCatalogue('kn', { ...kn, ...knPage, ...knProducts, ...knProduct, ...knLater });
