import fs from 'node:fs';
import path from 'node:path';
import type { CatalogData } from './model';

/** catalog.json, replaced atomically (tmp file + fsync + rename + dir fsync) so a crash leaves old or new, never half. */
export class CatalogStore {
  readonly file: string;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'catalog.json');
  }

  load(): CatalogData | undefined {
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    return JSON.parse(text) as CatalogData;
  }

  save(data: CatalogData): void {
    const tmp = `${this.file}.tmp`;
    const fd = fs.openSync(tmp, 'w');
    try {
      fs.writeSync(fd, JSON.stringify(data));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, this.file);
    const dir = fs.openSync(path.dirname(this.file), 'r');
    try {
      fs.fsyncSync(dir);
    } finally {
      fs.closeSync(dir);
    }
  }
}
