/**
 * `npm test`: typecheck, lint, formatting (Prettier), the web bundle-size budget, unit and integration tests, then browser tests.
 * Installs Debian's Chromium first when it is missing and we may.
 */
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(label: string, command: string, args: string[]): void {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n${label} failed.`);
    process.exit(result.status ?? 1);
  }
}

if (!fs.existsSync(CHROMIUM)) {
  const isRoot = process.getuid?.() === 0;
  if (isRoot && fs.existsSync('/usr/bin/apt-get')) {
    console.log('Installing Chromium for the browser tests (apt-get install chromium)...');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null', { stdio: 'inherit' });
  } else {
    console.error(`Chromium is not at ${CHROMIUM}. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`);
    process.exit(1);
  }
}

run('typecheck', 'npm', ['run', 'typecheck', '--silent']);
run('lint', 'npm', ['run', 'lint', '--silent']);
run('format', 'npm', ['run', 'format:check', '--silent']);
run('bundle size', 'npm', ['run', 'bundle-size', '--silent']);
run('unit and integration tests', 'npx', ['vitest', 'run', '--project', 'unit']);
run('browser tests', 'npx', ['vitest', 'run', '--project', 'browser']);
console.log('\nAll checks passed.');
