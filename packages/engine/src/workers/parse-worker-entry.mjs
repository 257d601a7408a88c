// A worker thread runs TypeScript through tsx like the engine's own entry (bin/tscloud-engine.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./parse-worker.ts');
