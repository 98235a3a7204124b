// The orders domain's public face: other domains and the routes import from here.
export * from './errors';
export * from './queries';
export * from './placement';
export * from './lifecycle';
export * from './counter';
export * from './agent-sales';
export * from './reports';
