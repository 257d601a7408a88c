import { lazy, type ComponentType } from 'react';
import { handleChunkFailure } from './chunkReload';

type Loader = () => Promise<{ default: ComponentType }>;

/** React.lazy with the chunk-load failure rule: reload once and replay the path. */
export function lazyPage(load: Loader) {
  return lazy(async () => {
    try {
      return await load();
    } catch (error) {
      // The reload is under way: never settle, so nothing renders an error meanwhile.
      if (handleChunkFailure(error) === 'reload') return new Promise<never>(() => undefined);
      throw error;
    }
  });
}
