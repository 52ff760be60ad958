import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSupervisor } from '../../scripts/buildServices';
import { prettyLogLine } from '../../scripts/logLine';
import { Supervisor } from '../../scripts/supervisor';
import { alive, exited } from '../support/faults';
import { processGroup } from '../support/processTree';
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

describe('the start path', () => {
  it('compiles the supervisor to plain JavaScript that imports Node built-ins only, with no source map', async () => {
    const outfile = path.join(dir, 'dist', 'supervise.js');
    const metafile = await buildSupervisor(outfile);
    const imports = Object.values(metafile.outputs).flatMap((o) => o.imports.map((i) => i.path));
    expect(imports.length).toBeGreaterThan(3);
    expect(imports.filter((p) => !p.startsWith('node:'))).toEqual([]);
    expect(fs.existsSync(`${outfile}.map`)).toBe(false);
    expect(fs.readFileSync(outfile, 'utf8')).not.toMatch(/sourceMappingURL|pino-pretty|zod/);
  });

  /**
   * The repository's start command and package.json's start script, in a folder where the two steps are stand-ins
   * (the preparing scripts/start.ts and the supervisor) and node_modules is this repository's: what stays running
   * is what the start command leaves.
   */
  function standInApp(name: string, withPackages = true): string {
    const app = path.join(dir, name);
    fs.mkdirSync(path.join(app, 'scripts'), { recursive: true });
    fs.mkdirSync(path.join(app, 'dist'), { recursive: true });
    fs.copyFileSync('start', path.join(app, 'start'));
    fs.chmodSync(path.join(app, 'start'), 0o755);
    const { start } = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts;
    fs.writeFileSync(
      path.join(app, 'package.json'),
      JSON.stringify({ name: 'start-path', private: true, type: 'module', scripts: { start } }),
    );
    fs.writeFileSync(path.join(app, 'scripts/start.ts'), `const prepared: string = 'prepared'; console.log(prepared);`);
    fs.writeFileSync(path.join(app, 'dist/supervise.js'), `console.log('supervising ' + process.pid); setInterval(() => {}, 1000);`);
    if (withPackages) fs.symlinkSync(path.resolve('node_modules'), path.join(app, 'node_modules'));
    return app;
  }

  /** Runs `command` in `app` until the stand-in supervisor says it runs; the process group then, and the supervisor's pid. */
  async function whatStays(app: string, command: string, args: string[]) {
    const child = spawn(command, args, { cwd: app, detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
    const lines: string[] = [];
    readline.createInterface({ input: child.stdout! }).on('line', (l) => lines.push(l));
    try {
      await waitFor(() => lines.some((l) => l.startsWith('supervising ')), 'the stand-in supervisor to run');
      const supervisorPid = Number(lines.find((l) => l.startsWith('supervising '))!.split(' ')[1]);
      expect(lines).toContain('prepared');
      // The preparing step's processes (tsx, its esbuild) may take a moment to be gone.
      const expected = command === 'npm' ? 2 : 1;
      await waitFor(
        () => processGroup(child.pid!).length === expected,
        `${expected} processes: ${JSON.stringify(processGroup(child.pid!))}`,
      );
      return { group: processGroup(child.pid!), supervisorPid, launcherPid: child.pid! };
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
      await exited(child);
    }
  }

  const onNodeWithHeapLimits = (argv: string[]) => {
    expect(path.basename(argv[0]!)).toBe('node');
    expect(argv.at(-1)).toBe('dist/supervise.js');
    expect(argv).toEqual(expect.arrayContaining([expect.stringMatching(/^--max-old-space-size=\d+$/)]));
  };

  it('./start execs into the supervisor: one process stays, on node with its heap limits, where the command started', async () => {
    const { group, supervisorPid, launcherPid } = await whatStays(standInApp('exec'), './start', []);
    expect(group.map((p) => p.pid)).toEqual([supervisorPid]);
    // The same process the command started: the shell became the supervisor, nothing waits on it.
    expect(supervisorPid).toBe(launcherPid);
    onNodeWithHeapLimits(group[0]!.argv);
    expect(group[0]!.argv.join(' ')).not.toMatch(/tsx/);
  });

  it('npm start leaves npm and the supervisor only: no shell and no tsx between them', async () => {
    const { group, supervisorPid, launcherPid } = await whatStays(standInApp('npm'), 'npm', ['start', '--silent']);
    expect(group.map((p) => p.pid).sort()).toEqual([launcherPid, supervisorPid].sort());
    const supervisor = group.find((p) => p.pid === supervisorPid)!;
    expect(supervisor.ppid).toBe(launcherPid);
    onNodeWithHeapLimits(supervisor.argv);
    expect(group.flatMap((p) => p.argv).join(' ')).not.toMatch(/tsx/);
  });

  it('./start before npm install says to run it, and starts nothing', async () => {
    const child = spawn('./start', [], { cwd: standInApp('bare', false), stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(/run npm install first/);
  });

  it('turns a pino line into time, level, message and the remaining fields, and leaves other lines alone', () => {
    const time = new Date(2026, 0, 2, 3, 4, 5, 67).getTime();
    const line = JSON.stringify({
      level: 40,
      time,
      pid: 1,
      hostname: 'h',
      service: 'content',
      name: 'content',
      msg: 'slow query',
      ms: 812,
    });
    expect(prettyLogLine(line, false)).toBe('03:04:05.067 WARN slow query {"ms":812}');
    expect(prettyLogLine(line, true)).toBe('03:04:05.067 \x1b[33mWARN\x1b[0m slow query {"ms":812}');
    expect(prettyLogLine('Listening on 4001', false)).toBe('Listening on 4001');
    expect(prettyLogLine('{not json', false)).toBe('{not json');
  });
});
