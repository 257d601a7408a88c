import fs from 'node:fs';
import path from 'node:path';
import { readJsonFile, writeJsonFileAtomic } from '../storage/json-file';
import type { Position, TopicDef } from './model';

/** What DIR/tmq/state.json holds: the topics and the committed offsets of every consumer group. */
export interface TmqState {
  version: 1;
  topics: Record<string, TopicDef>;
  /** `group \0 topic` → vgroup index → committed position (the next log offset to read, or a snapshot place) */
  commits: Record<string, Record<string, Position>>;
}

/** DIR/tmq/state.json, written atomically (storage/json-file) on every change. */
export class TmqStore {
  private readonly file: string;

  constructor(readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
    this.file = path.join(dir, 'state.json');
  }

  load(): TmqState {
    return readJsonFile<TmqState>(this.file) ?? { version: 1, topics: {}, commits: {} };
  }

  save(state: TmqState): void {
    writeJsonFileAtomic(this.file, state);
  }
}

export const groupKey = (group: string, topic: string): string => `${group}\u0000${topic}`;
