// A task's worker thread runs TypeScript through tsx, like the server's own entry.
import { register } from 'tsx/esm/api';

register();
await import('./task-worker.ts');
