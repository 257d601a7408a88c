import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalProvisioner } from '../../src/region';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The local provisioner on its own (no server): engine processes, their reasons, strays of a dead server. */
describe('local provisioner', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tscloud-provisioner-'));
  const first = new LocalProvisioner({ instancesDir: dir });
  const second = new LocalProvisioner({ instancesDir: dir });
  const spec = { instanceId: 'stray-test', planLevel: 1 as const, ha: false, adminUser: 'root', adminPassword: 'S3cret-pass' };

  afterAll(async () => {
    await first.shutdown();
    await second.shutdown();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('stops an engine a dead server left on the directory before starting a new one', async () => {
    const { url } = await first.start(spec);
    const stray = first.pidOf(spec.instanceId)!;
    expect(Number(readFileSync(join(dir, spec.instanceId, 'engine.pid'), 'utf8'))).toBe(stray);
    expect((await fetch(`${url}/-/ping`)).ok).toBe(true);

    // `second` stands for the restarted server: it never started that engine, yet must not fight it for the files.
    const exits: string[] = [];
    first.onUnexpectedExit((_, reason) => exits.push(reason));
    const restarted = await second.start(spec);
    expect(isAlive(stray)).toBe(false);
    expect(exits).toHaveLength(1);
    const res = await fetch(`${restarted.url}/rest/sql`, { method: 'POST', body: 'SELECT 1', headers: { authorization: `Basic ${Buffer.from('root:S3cret-pass').toString('base64')}` } });
    expect(await res.json()).toMatchObject({ code: 0, data: [[1]] });
  }, 120_000);

  it('refuses to destroy a running engine, and removes everything once stopped', async () => {
    await expect(second.destroy(spec.instanceId)).rejects.toThrow(/stop the engine/);
    await second.stop(spec.instanceId);
    expect(second.isActive(spec.instanceId)).toBe(false);
    await second.destroy(spec.instanceId);
    expect(existsSync(join(dir, spec.instanceId))).toBe(false);
  }, 60_000);

  it('starts an engine whose admin password starts with a dash, and keeps the password off its command line', async () => {
    const dashed = { ...spec, instanceId: 'dashed', adminPassword: '-Xy9_secret' };
    const { url } = await first.start(dashed);
    const pid = first.pidOf('dashed')!;
    expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8')).not.toContain(dashed.adminPassword);
    const res = await fetch(`${url}/rest/sql`, { method: 'POST', body: 'SELECT 1', headers: { authorization: `Basic ${Buffer.from(`root:${dashed.adminPassword}`).toString('base64')}` } });
    expect(await res.json()).toMatchObject({ code: 0, data: [[1]] });
    await first.stop('dashed');
  }, 120_000);

  it('a high-availability instance keeps three replicas of a database; another instance has too few dnodes for them', async () => {
    const sql = async (url: string, statement: string) => {
      const auth = `Basic ${Buffer.from(`root:${spec.adminPassword}`).toString('base64')}`;
      return (await (await fetch(`${url}/rest/sql`, { method: 'POST', body: statement, headers: { authorization: auth } })).json()) as { code: number };
    };
    const ha = await first.start({ ...spec, instanceId: 'ha', ha: true });
    expect(await sql(ha.url, 'CREATE DATABASE kept REPLICA 3')).toMatchObject({ code: 0 });
    const single = await first.start({ ...spec, instanceId: 'single' });
    // TDengine's "Out of dnodes" (0x0334) on one dnode
    expect(await sql(single.url, 'CREATE DATABASE kept REPLICA 3')).toMatchObject({ code: 0x0334 });
    await first.stop('ha');
    await first.stop('single');
  }, 120_000);

  it('a start still reaping a stray when the provisioner shuts down spawns no engine', async () => {
    const third = new LocalProvisioner({ instancesDir: dir });
    const starting = third.start({ ...spec, instanceId: 'late' });
    await third.shutdown();
    await expect(starting).rejects.toThrow(/shut down/);
    expect(third.isActive('late')).toBe(false);
    expect(existsSync(join(dir, 'late', 'engine.pid'))).toBe(false);
  });

  it('reports why an engine cannot start, with its last output', async () => {
    // A program standing in for an engine that fails at start (the real one's start failures are environmental).
    const failing = join(dir, 'failing-engine.mjs');
    writeFileSync(failing, "process.stderr.write('cannot open catalog: disk full\\n'); process.exit(3);\n");
    const broken = new LocalProvisioner({ instancesDir: dir, binPath: failing });
    await expect(broken.start({ ...spec, instanceId: 'broken' })).rejects.toThrow('engine exited with code 3: cannot open catalog: disk full');
    expect(broken.isActive('broken')).toBe(false);
  });

  it('gives up on an engine that does not answer in time', async () => {
    const silent = join(dir, 'silent-engine.mjs');
    writeFileSync(silent, 'setInterval(() => {}, 1000);\n');
    const hanging = new LocalProvisioner({ instancesDir: dir, binPath: silent, readyTimeoutMs: 1_500 });
    await expect(hanging.start({ ...spec, instanceId: 'hanging' })).rejects.toThrow('engine did not answer /-/ping within 2 s');
    expect(hanging.isActive('hanging')).toBe(false);
  });
});
