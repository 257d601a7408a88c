import { describe, expect, it, type TestContext } from 'vitest';
import { execFile, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { useSnippetInstance } from '../programming/snippet-instance';
import { gateway } from './harness';

const run = promisify(execFile);
const IN_CI = process.env.CI === 'true';

/** Whether a command runs here; missing tools skip a test with the reason printed, except in CI where they fail it. */
function available(command: string, args: string[]): boolean {
  return spawnSync(command, args, { stdio: 'ignore' }).status === 0;
}
function requireTool(ctx: TestContext, ok: boolean, what: string): void {
  if (ok) return;
  const reason = `${what} is not installed: the snippet was NOT run`;
  if (IN_CI) throw new Error(`${reason} (CI installs it: see .ci/run)`);
  console.warn(`[snippets-run] skipped: ${reason}`);
  ctx.skip();
}

/**
 * Issue 4: the programming page's Python, Go, Java and InfluxDB line-protocol snippets, written to files exactly as the
 * page generates them and run with python3, `go run`, `java` and `sh` (curl), against a running instance through a
 * listening server. The Node snippet has its own test (test/programming/node-snippet.test.ts).
 *
 * Java: the snippet is plain JDBC. The stock taos-jdbcdriver jar cannot be downloaded here, so the snippet's source
 * runs with a TEST STAND-IN driver (fixtures/StandInRestDriver.java) that sends the stock REST driver's request for
 * the URL; what is proved is the URL and the server's root /rest/sql entry, not the real driver.
 */
describe('programming page: snippets run against a live instance', () => {
  const instance = useSnippetInstance('Snippets');
  const { world, scratch, snippet, write } = instance;
  const failing = (error: { stdout?: string; stderr?: string; code?: number }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '', failed: true });

  it('Python (standard library) prints the instance databases; a wrong token fails', async (ctx) => {
    requireTool(ctx, available('python3', ['--version']), 'python3');
    const { stdout } = await run('python3', [write('py/ok.py', snippet('python'))], { timeout: 60_000 });
    expect(stdout).toContain("'snippet_proof'");
    expect(stdout).toContain("'code': 0");
    const wrong = await run('python3', [write('py/wrong.py', snippet('python', 'tsc_wrong'))], { timeout: 60_000 }).then(
      (r) => ({ ...r, failed: false }),
      failing,
    );
    expect(wrong.failed).toBe(true);
    expect(wrong.stderr).toContain('401');
  }, 90_000);

  it('Go (net/http) prints the instance databases', async (ctx) => {
    requireTool(ctx, available('go', ['version']), 'go (Debian package golang-go)');
    const env = { ...process.env, GOCACHE: join(scratch, 'gocache'), GOPATH: join(scratch, 'gopath'), GO111MODULE: 'off', GOFLAGS: '' };
    const { stdout } = await run('go', ['run', write('go/main.go', snippet('go'))], { timeout: 120_000, env });
    const answer = JSON.parse(stdout) as { code: number; data: string[][] };
    expect(answer.code).toBe(0);
    expect(answer.data).toContainEqual(['snippet_proof']);
    const wrong = await run('go', ['run', write('go-wrong/main.go', snippet('go', 'tsc_wrong'))], { timeout: 120_000, env });
    expect(JSON.parse(wrong.stdout)).toEqual({ code: 0x0357, desc: 'Authentication failure' });
  }, 240_000);

  it('InfluxDB line protocol (curl) creates the database and writes the line', async (ctx) => {
    requireTool(ctx, available('curl', ['--version']), 'curl');
    const script = write('influx.sh', `set -e\n${snippet('influxdb')}\n`);
    await run('sh', [script], { timeout: 60_000 });
    const read = await gateway(world.app, { id: instance.id, path: 'rest/sql', token: instance.token, body: 'SELECT current, voltage, location FROM power.meters' });
    expect(read.json).toMatchObject({ code: 0, data: [[10.3, 219, 'office']] });
  }, 90_000);

  it('Java: the snippet source runs with `java` and reaches the instance through the JDBC URL (stand-in driver)', async (ctx) => {
    requireTool(ctx, available('javac', ['-version']) && available('java', ['-version']), 'a JDK (java, javac)');
    const classes = join(scratch, 'standin');
    await run('javac', ['-d', classes, join(__dirname, 'fixtures', 'StandInRestDriver.java')], { timeout: 120_000 });
    write('standin/META-INF/services/java.sql.Driver', 'tscloud.standin.StandInRestDriver\n');
    const main = write('java/Main.java', snippet('java'));
    const { stdout } = await run('java', ['-cp', classes, main], { timeout: 120_000 });
    expect(stdout.split('\n')).toContain('snippet_proof');
    const wrong = await run('java', ['-cp', classes, write('java-wrong/Main.java', snippet('java', 'tsc_wrong'))], { timeout: 120_000 }).then(
      (r) => ({ ...r, failed: false }),
      failing,
    );
    expect(wrong.failed).toBe(true);
    expect(wrong.stderr).toContain('Authentication failure');
  }, 240_000);
});
