import { lazy, type ComponentType } from 'react';
import { handleChunkFailure } from './chunkReload';
import { currentLanguage, loadCatalogue, type CatalogueNeed } from '../i18n';

type Loader = () => Promise<{ default: ComponentType }>;

/**
 * React.lazy with the chunk-load failure rule (reload once and replay the path), rendering once the page's catalogue
 * is in: the whole catalogue, or only the sign-in part for the sign-in page (i18n `loadCatalogue`).
 */
export function lazyPage(load: Loader, catalogue: CatalogueNeed = 'all') {
  return lazy(async () => {
    try {
      const [page] = await Promise.all([load(), loadCatalogue(currentLanguage(), catalogue)]);
      return page;
    } catch (error) {
      // The reload is under way: never settle, so nothing renders an error meanwhile.
      if (handleChunkFailure(error) === 'reload') return new Promise<never>(() => undefined);
      throw error;
    }
  });
}
