import fs from 'node:fs';
import path from 'node:path';

/** The settings the supervisor needs, resolved by start.ts from the catalogue, so the supervisor loads no zod. */
export interface SupervisorSettings {
  /** The gateway's /readyz, polled until the site is up. */
  readyUrl: string;
  siteUrl: string;
  /** Absolute, as the services run from the repository root. */
  webDist: string;
}

const file = (root: string) => path.join(root, 'dist/supervise.json');

export function writeSupervisorSettings(root: string, settings: SupervisorSettings): void {
  fs.mkdirSync(path.dirname(file(root)), { recursive: true });
  fs.writeFileSync(file(root), `${JSON.stringify(settings, null, 2)}\n`);
}

export const readSupervisorSettings = (root: string): SupervisorSettings =>
  JSON.parse(fs.readFileSync(file(root), 'utf8')) as SupervisorSettings;
