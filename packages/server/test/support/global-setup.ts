import { ensurePgliteTemplate } from './pglite-template';

/** Builds the migrated PGlite template once before the workers start. */
export default async function setup(): Promise<void> {
  if ((process.env.TEST_STORE ?? 'pglite') === 'pglite') await ensurePgliteTemplate();
}
