import { afterAll, beforeAll, expect } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// The programming page's own generator (pure text, no browser code), so the tested snippets are the ones users copy.
import { buildSnippet, type SnippetLanguage } from '../../../web/src/pages/programming/snippets';
import { gatewayUrlOf } from '../../src/region/instances/instance-view';
import { InstancesWorld, gateway, worldCaller } from '../instances/harness';
import { runningInstance } from '../instances/running-instance';

export interface SnippetInstance {
  readonly world: InstancesWorld;
  /** a folder removed after the block */
  readonly scratch: string;
  /** the instance's id and gateway token */
  id: string;
  token: string;
  /** The page's snippet for this instance (through the listening server), with the given token shown. */
  snippet(language: SnippetLanguage, token?: string): string;
  /** Writes a file under the scratch folder (making its folders) and returns its path. */
  write(name: string, text: string): string;
}

/**
 * For the calling describe block: a server listening on a port, one running instance holding the database
 * snippet_proof (a snippet's output showing it proves the snippet reached this instance, not just any engine),
 * and a scratch folder for snippet files; all torn down after the block.
 */
export function useSnippetInstance(name: string): SnippetInstance {
  const world = new InstancesWorld();
  const scratch = mkdtempSync(join(tmpdir(), `tscloud-${name.toLowerCase()}-`));
  let address = '';
  const handle: SnippetInstance = {
    world,
    scratch,
    id: '',
    token: '',
    snippet: (language, token = handle.token) =>
      buildSnippet(language, { gatewayUrl: gatewayUrlOf(address, handle.id), token, database: 'power' }),
    write(file, text) {
      const path = join(scratch, file);
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, text);
      return path;
    },
  };

  beforeAll(async () => {
    await world.open();
    address = await world.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await worldCaller(world, `${name.toLowerCase()}.owner@example.com`, 'Snip');
    ({ id: handle.id, token: handle.token } = await runningInstance(owner, `${name}org`, `${name} one`));
    const made = await gateway(world.app, { id: handle.id, path: 'rest/sql', token: handle.token, body: 'CREATE DATABASE snippet_proof' });
    expect(made.json?.code).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await world.close();
    rmSync(scratch, { recursive: true, force: true });
  }, 60_000);

  return handle;
}
