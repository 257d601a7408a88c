import fs from 'node:fs';
import path from 'node:path';
import type { StreamsFile } from './model';

/** DIR/streams.json, replaced atomically (tmp file + fsync + rename) like catalog.json. */
export class StreamStore {
  readonly file: string;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'streams.json');
  }

  load(): StreamsFile {
    try {
      return JSON.parse(fs.readFileSync(this.file, 'utf8')) as StreamsFile;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, nextId: 1, streams: [] };
      throw error;
    }
  }

  save(data: StreamsFile): void {
    const tmp = `${this.file}.tmp`;
    const fd = fs.openSync(tmp, 'w');
    try {
      fs.writeSync(fd, JSON.stringify(data));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, this.file);
  }
}
