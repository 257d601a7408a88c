import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { useSnippetInstance } from './snippet-instance';

const run = promisify(execFile);
const workspaceModules = join(__dirname, '..', '..', '..', '..', 'node_modules');

/**
 * Issue 4: the Node snippet of the programming page, pasted into a file and run with `node` and the official
 * @tdengine/rest client (installed in the workspace), against a running instance through a listening server.
 */
describe('programming page: the Node snippet', () => {
  const { snippet, write } = useSnippetInstance('Snippet');

  it('prints the databases of the instance it is pointed at', async () => {
    // The snippet uses require(), as the client's README does: it is a CommonJS file. Its database list shows
    // snippet_proof, which only this instance has.
    const file = write('snippet.cjs', snippet('node'));
    const { stdout, stderr } = await run(process.execPath, [file], { env: { ...process.env, NODE_PATH: workspaceModules }, timeout: 60_000 });
    expect(stderr).toBe('');
    const printed = stdout.replace(/\s+/g, '');
    expect(printed).toContain("['snippet_proof']");
    expect(printed).toContain("['information_schema']");
  }, 90_000);

  it('fails loudly with a wrong token (the snippet really authenticates)', async () => {
    const file = write('wrong.cjs', snippet('node', 'tsc_wrong'));
    const { stdout, stderr } = await run(process.execPath, [file], { env: { ...process.env, NODE_PATH: workspaceModules }, timeout: 60_000 }).catch(
      (error: { stdout: string; stderr: string }) => error,
    );
    expect(stdout).not.toContain('snippet_proof');
    expect(stderr).not.toBe('');
  }, 90_000);
});
