import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Each test renders into a fresh document: Testing Library's cleanup needs a global afterEach,
// which this project does not turn on.
afterEach(cleanup);
