import { lazy, type ComponentType } from 'react';
import { chunkLoaded, handleChunkFailure } from './chunkReload';

type Loader = () => Promise<{ default: ComponentType }>;

/** React.lazy with the chunk-load failure rule: reload once and replay the path. */
export function lazyPage(load: Loader) {
  return lazy(async () => {
    try {
      const page = await load();
      chunkLoaded();
      return page;
    } catch (error) {
      // The reload is under way: never settle, so nothing renders an error meanwhile.
      if (handleChunkFailure(error) === 'reload') return new Promise<never>(() => undefined);
      throw error;
    }
  });
}
