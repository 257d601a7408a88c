import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The engine's command line (packages/engine/bin/tscloud-engine.mjs), found through the workspace package. */
export function engineBinPath(): string {
  const require = createRequire(import.meta.url);
  // The package exports its sources (src/index.ts); the bin sits beside src/.
  const entry = require.resolve('tscloud-engine');
  return join(dirname(dirname(entry)), 'bin', 'tscloud-engine.mjs');
}
