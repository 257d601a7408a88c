import path from 'node:path';
import { readJsonFile, writeJsonFileAtomic } from '../storage/json-file';
import type { StreamsFile } from './model';

/** DIR/streams.json, replaced atomically like catalog.json (storage/json-file). */
export class StreamStore {
  readonly file: string;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'streams.json');
  }

  load(): StreamsFile {
    return readJsonFile<StreamsFile>(this.file) ?? { version: 1, nextId: 1, streams: [] };
  }

  save(data: StreamsFile): void {
    writeJsonFileAtomic(this.file, data);
  }
}
