import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Supervisor } from '../../scripts/supervisor';
import { alive } from '../support/faults';
import { waitFor } from '../support/throwawayServers';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nb-supervisor-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A stand-in service: says it is up, then keeps running (or exits at once with `exitCode`). */
function service(name: string, exitCode?: number) {
  const file = path.join(dir, `${name}.mjs`);
  fs.writeFileSync(
    file,
    exitCode === undefined
      ? `console.log('up ' + process.pid); setInterval(() => {}, 1000);`
      : `console.log('crashing'); process.exit(${exitCode});`,
  );
  return { name, command: process.execPath, args: [file] };
}

describe('supervisor', () => {
  it('passes each service line through formatLine before writing it under the service name', async () => {
    const lines: string[] = [];
    const supervisor = new Supervisor([service('zeta')], {
      cwd: dir,
      write: (l) => lines.push(l),
      formatLine: (l) => `<${l.toUpperCase()}>`,
    });
    supervisor.start();
    try {
      await waitFor(() => lines.some((l) => l.startsWith('[zeta] <UP ')), 'the formatted line');
    } finally {
      await supervisor.stop();
    }
  });

  it('restarts a service killed with SIGKILL, logging why, and leaves the others running', async () => {
    const lines: string[] = [];
    const supervisor = new Supervisor([service('alpha'), service('beta')], { cwd: dir, minBackoffMs: 100, write: (l) => lines.push(l) });
    supervisor.start();
    try {
      await waitFor(() => lines.filter((l) => l.includes('up ')).length === 2, 'both services up');
      const [alpha, beta] = [supervisor.pid('alpha')!, supervisor.pid('beta')!];
      process.kill(alpha, 'SIGKILL');
      await waitFor(() => supervisor.pid('alpha') !== undefined && supervisor.pid('alpha') !== alpha, 'alpha restarted');
      await waitFor(
        () => lines.some((l) => l.startsWith('[alpha] up ') && l.includes(String(supervisor.pid('alpha')))),
        'the new alpha up',
      );
      expect(supervisor.pid('beta')).toBe(beta);
      expect(alive(beta)).toBe(true);
      expect(lines.find((l) => l.startsWith('[supervisor]'))).toMatch(
        /^\[supervisor\] alpha killed by SIGKILL after [\d.]+ s; restarting in 0\.1 s \(restart 1\)/,
      );
    } finally {
      await supervisor.stop();
    }
  });

  it('backs off a service that keeps crashing: 0.1 s, 0.2 s, 0.4 s …', async () => {
    const lines: string[] = [];
    const supervisor = new Supervisor([service('gamma', 3)], {
      cwd: dir,
      minBackoffMs: 100,
      maxBackoffMs: 400,
      write: (l) => lines.push(l),
    });
    supervisor.start();
    try {
      await waitFor(() => lines.filter((l) => l.startsWith('[supervisor]')).length >= 4, 'four crashes');
      const delays = lines
        .filter((l) => l.startsWith('[supervisor]'))
        .slice(0, 4)
        .map((l) => l.match(/restarting in ([\d.]+) s/)![1]);
      expect(delays).toEqual(['0.1', '0.2', '0.4', '0.4']);
      expect(lines.filter((l) => l.startsWith('[supervisor]'))[0]).toMatch(/gamma exited with code 3/);
    } finally {
      await supervisor.stop();
    }
  });

  it('stop() stops every service and restarts none', async () => {
    const lines: string[] = [];
    const supervisor = new Supervisor([service('delta'), service('epsilon')], { cwd: dir, minBackoffMs: 50, write: (l) => lines.push(l) });
    supervisor.start();
    await waitFor(() => lines.filter((l) => l.includes('up ')).length === 2, 'both up');
    const pids = [supervisor.pid('delta')!, supervisor.pid('epsilon')!];
    await supervisor.stop(['epsilon', 'delta']);
    expect(pids.map(alive)).toEqual([false, false]);
    await new Promise((r) => setTimeout(r, 200));
    expect(supervisor.pid('delta')).toBeUndefined();
    expect(lines.some((l) => l.includes('restarting'))).toBe(false);
  });
});
