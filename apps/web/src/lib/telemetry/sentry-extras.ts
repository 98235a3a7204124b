// Browser tracing and session replay: the large parts of the error SDK, in their own lazy chunk.
export { browserTracingIntegration, replayIntegration } from '@sentry/react';
