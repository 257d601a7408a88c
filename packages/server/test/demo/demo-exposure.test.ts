import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../src/config';
import { demoRefusal, isLoopbackHost } from '../../src/platform/demo';
import { freePort } from '../support/free-port';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const mainTs = join(repoRoot, 'packages/server/src/main.ts');


/**
 * Runs the server's entry point (what `npm start` spawns) until it exits or prints `until`, then stops it (SIGTERM:
 * a clean shutdown exits 0); answers its exit code and everything it printed.
 */
function runMain(env: Record<string, string>, argv: string[], until: RegExp): Promise<{ code: number | null; output: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tscloud-demo-'));
  const child = spawn(process.execPath, ['--import', 'tsx', mainTs, ...argv], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: '', TRUST_PROXY: '', DATA_DIR: dataDir, WEB_DIST: join(dataDir, 'no-web'), ...env },
  });
  let output = '';
  return new Promise((done, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`the server neither exited nor printed ${until} in 60 s:\n${output}`));
    }, 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (until.test(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
      done({ code, output });
    });
  });
}

describe('the demo account of npm start', () => {
  it('knows loopback hosts', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', 'console.example.com', '::ffff:10.0.0.1']) expect(isLoopbackHost(host), host).toBe(false);
  });

  it('is on by TSCLOUD_DEMO=1 and off by TSCLOUD_DEMO=0 or --no-demo', () => {
    expect(loadConfig({ TSCLOUD_DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ TSCLOUD_DEMO: '0' }).demo).toBe(false);
    expect(loadConfig({}).demo).toBe(false);
    expect(loadConfig({ TSCLOUD_DEMO: '1' }, ['--no-demo']).demo).toBe(false);
  });

  it('is refused beyond loopback and behind a proxy, and allowed on loopback', () => {
    expect(demoRefusal(loadConfig({ HOST: '127.0.0.1' }))).toBeNull();
    expect(demoRefusal(loadConfig({ HOST: '0.0.0.0' }))).toMatch(/HOST=0\.0\.0\.0.*not a loopback address.*--no-demo.*TSCLOUD_DEMO=0/);
    expect(demoRefusal(loadConfig({ HOST: '127.0.0.1', TRUST_PROXY: '1' }))).toMatch(/TRUST_PROXY.*--no-demo/);
  });

  it('stops the server, saying how to turn it off, when HOST is not loopback', async () => {
    const { code, output } = await runMain({ HOST: '0.0.0.0', PORT: String(await freePort()), TSCLOUD_DEMO: '1' }, [], /\[tscloud\] console:/);
    expect(code).toBe(1);
    expect(output).toContain('not a loopback address');
    expect(output).toContain('npm start -- --no-demo');
    expect(output).not.toContain('demo account: demo@tscloud.local');
  });

  it('starts without the demo on a public HOST with --no-demo', async () => {
    const { code, output } = await runMain({ HOST: '0.0.0.0', PORT: String(await freePort()), TSCLOUD_DEMO: '1' }, ['--no-demo'], /\[tscloud\] mail:/);
    expect(code).toBe(0);
    expect(output).toContain('[tscloud] console:');
    expect(output).not.toContain('demo account');
  });
});
