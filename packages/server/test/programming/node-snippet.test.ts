import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
// The programming page's own generator (pure text, no browser code), so the tested snippet is the one users copy.
import { buildSnippet } from '../../../web/src/pages/programming/snippets';
import { gatewayUrlOf } from '../../src/region/instances/instance-view';
import { createOrg, type Caller } from '../orgs/helpers';
import { InstancesWorld, createInstance, gateway, waitForStatus, worldCaller } from '../instances/harness';

const run = promisify(execFile);
const workspaceModules = join(__dirname, '..', '..', '..', '..', 'node_modules');

/**
 * Issue 4: the Node snippet of the programming page, pasted into a file and run with `node` and the official
 * @tdengine/rest client (installed in the workspace), against a running instance through a listening server.
 */
describe('programming page: the Node snippet', () => {
  const world = new InstancesWorld();
  const scratch = mkdtempSync(join(tmpdir(), 'tscloud-snippet-'));
  let owner: Caller;
  let id: string;
  let token: string;
  let address: string;

  beforeAll(async () => {
    await world.open();
    address = await world.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await worldCaller(world, 'snippet.owner@example.com', 'Snip');
    const orgId = await createOrg(owner, 'Snippetorg');
    const created = await createInstance(owner, orgId, 'Snippet one');
    ({ token } = created);
    id = created.instance.id;
    await waitForStatus(owner, orgId, id, 'Running');
  }, 120_000);
  afterAll(async () => {
    await world.close();
    rmSync(scratch, { recursive: true, force: true });
  }, 60_000);

  it('prints the databases of the instance it is pointed at', async () => {
    // A database only this instance has: the output proves the snippet reached it (not just any engine).
    const made = await gateway(world.app, { id, path: 'rest/sql', token, body: 'CREATE DATABASE snippet_proof' });
    expect(made.json?.code).toBe(0);

    const file = join(scratch, 'snippet.cjs');
    // The snippet uses require(), as the client's README does: it is a CommonJS file.
    writeFileSync(file, buildSnippet('node', { gatewayUrl: gatewayUrlOf(address, id), token, database: 'power' }));
    const { stdout, stderr } = await run(process.execPath, [file], { env: { ...process.env, NODE_PATH: workspaceModules }, timeout: 60_000 });
    expect(stderr).toBe('');
    const printed = stdout.replace(/\s+/g, '');
    expect(printed).toContain("['snippet_proof']");
    expect(printed).toContain("['information_schema']");
  }, 90_000);

  it('fails loudly with a wrong token (the snippet really authenticates)', async () => {
    const file = join(scratch, 'wrong.cjs');
    writeFileSync(file, buildSnippet('node', { gatewayUrl: gatewayUrlOf(address, id), token: 'tsc_wrong', database: 'power' }));
    const { stdout, stderr } = await run(process.execPath, [file], { env: { ...process.env, NODE_PATH: workspaceModules }, timeout: 60_000 }).catch(
      (error: { stdout: string; stderr: string }) => error,
    );
    expect(stdout).not.toContain('snippet_proof');
    expect(stderr).not.toBe('');
  }, 90_000);
});
