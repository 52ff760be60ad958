/** `npm run bench`: runs every bench/*.bench.ts in turn, each in its own process. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const only = process.argv[2];
const files = fs
  .readdirSync(path.resolve('bench'))
  .filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n===== ${file} =====`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', file)], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
