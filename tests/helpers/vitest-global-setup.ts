import { ensureTemplate } from './pglite-template.ts';

// Runs once before the test files: the migrated PGlite template they start from.
export default async function setup(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) await ensureTemplate();
}
