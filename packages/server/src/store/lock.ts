import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite takes no lock on its data directory, and two processes on one directory silently lose writes.
 * The embedded store therefore takes this exclusive lock file first and refuses a second process.
 */
export class DataDirLock {
  private constructor(private readonly path: string) {}

  static acquire(dir: string): DataDirLock {
    mkdirSync(dir, { recursive: true });
    const path = join(dir, 'tscloud.lock');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        const fd = openSync(path, 'wx');
        writeSync(fd, String(process.pid));
        closeSync(fd);
        return new DataDirLock(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = Number(readFileSync(path, 'utf8').trim());
        if (holder && holder !== process.pid && isAlive(holder)) {
          throw new Error(
            `The data directory ${dir} is in use by another tscloud process (pid ${holder}). ` +
              'Stop it first, or start this one with another DATA_DIR.',
            { cause: error },
          );
        }
        // A lock left by a process that is gone: take it over.
        unlinkSync(path);
      }
    }
    throw new Error(`Could not lock the data directory ${dir}`);
  }

  release(): void {
    try {
      if (Number(readFileSync(this.path, 'utf8').trim()) === process.pid) unlinkSync(this.path);
    } catch {
      // already gone
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
