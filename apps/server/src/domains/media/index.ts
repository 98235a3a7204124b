/** The media module's published interface: what other modules use of it (issue 41 §1). */
export { processImage } from './process';
export type { MediaStorage } from './storage';
