import fs from 'node:fs';
import path from 'node:path';

/** The parsed contents of a JSON file, or undefined when there is no such file. */
export function readJsonFile<T>(file: string): T | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return JSON.parse(text) as T;
}

/**
 * Replaces a JSON file atomically: tmp file + fsync + rename + fsync of the folder, so a crash leaves the old
 * contents or the new, never half of them. Used by catalog.json, streams.json and tmq/state.json.
 */
export function writeJsonFileAtomic(file: string, data: unknown): void {
  const tmp = `${file}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  try {
    fs.writeSync(fd, JSON.stringify(data));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  const dir = fs.openSync(path.dirname(file), 'r');
  try {
    fs.fsyncSync(dir);
  } finally {
    fs.closeSync(dir);
  }
}
