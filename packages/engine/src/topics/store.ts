import fs from 'node:fs';
import path from 'node:path';
import type { TopicDef } from './model';

/** What DIR/tmq/state.json holds: the topics and the committed offsets of every consumer group. */
export interface TmqState {
  version: 1;
  topics: Record<string, TopicDef>;
  /** `group \0 topic` → vgroup index → committed offset (the next offset to read) */
  commits: Record<string, Record<string, number>>;
}

/** DIR/tmq/state.json, written atomically (tmp file, fsync, rename) on every change. */
export class TmqStore {
  private readonly file: string;

  constructor(readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
    this.file = path.join(dir, 'state.json');
  }

  load(): TmqState {
    if (!fs.existsSync(this.file)) return { version: 1, topics: {}, commits: {} };
    return JSON.parse(fs.readFileSync(this.file, 'utf8')) as TmqState;
  }

  save(state: TmqState): void {
    const tmp = `${this.file}.tmp`;
    const fd = fs.openSync(tmp, 'w');
    try {
      fs.writeSync(fd, JSON.stringify(state));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, this.file);
  }
}

export const groupKey = (group: string, topic: string): string => `${group}\u0000${topic}`;
