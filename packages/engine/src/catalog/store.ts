import path from 'node:path';
import { readJsonFile, writeJsonFileAtomic } from '../storage/json-file';
import type { CatalogData } from './model';

/** catalog.json, replaced atomically (storage/json-file) so a crash leaves old or new, never half. */
export class CatalogStore {
  readonly file: string;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'catalog.json');
  }

  load(): CatalogData | undefined {
    return readJsonFile<CatalogData>(this.file);
  }

  save(data: CatalogData): void {
    writeJsonFileAtomic(this.file, data);
  }
}
