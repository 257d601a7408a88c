// Type-checks every workspace with its own tsconfig (strict everywhere).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const projects = ['packages/contracts', 'packages/engine', 'packages/server', 'packages/web', 'e2e', 'bench'];
let failed = false;
for (const project of projects) {
  if (!existsSync(`${project}/tsconfig.json`)) continue;
  const result = spawnSync('npx', ['tsc', '-p', project, '--pretty'], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
