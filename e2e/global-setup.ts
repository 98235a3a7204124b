import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { makeShopTemplate } from './server';

/**
 * Once per run: the seeded demo shop's data directory that every journey's shop starts from a copy
 * of (`startShop`). Made by a real first start of the server, so the first-start seeding is still
 * what the journeys see.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'grocer-e2e-template-'));
  await makeShopTemplate(dir);
  project.provide('shopTemplate', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    shopTemplate: string;
  }
}
