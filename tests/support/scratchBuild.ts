import fs from 'node:fs';
import path from 'node:path';
import type { ServiceName } from '../../scripts/buildServices';

/**
 * A throwaway folder for a compiled service, inside the service's own folder
 * (`services/<name>/.test-build-*`), so its packages resolve from
 * `services/<name>/node_modules` and then the root, exactly as `dist/` does.
 */
export function scratchBuildDir(service: ServiceName): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.resolve(`services/${service}/.test-build-`));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
