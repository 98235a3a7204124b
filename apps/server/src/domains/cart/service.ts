// The cart domain's public face: what a cart is (model), how it is read and priced (queries),
// and how it changes (mutations). Other domains and the routes import from here.
export * from './model';
export * from './queries';
export * from './mutations';
