import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';

export interface ServiceSpec {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** ANSI colour code of its log prefix on a terminal. */
  color?: number;
}

export interface SupervisorOptions {
  cwd: string;
  /** First restart delay; doubles on each crash in a row up to `maxBackoffMs`. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** A service that stayed up this long starts over from `minBackoffMs` when it next dies. */
  stableAfterMs?: number;
  /** How long a service gets to stop after SIGTERM before it is killed. */
  stopTimeoutMs?: number;
  /** Where log lines go (the supervisor's own and the services', prefixed). */
  write?: (line: string) => void;
  /** Turns a service's log line into what is written (a terminal gets readable lines instead of JSON). */
  formatLine?: (line: string) => string;
}

interface Running {
  spec: ServiceSpec;
  child?: ChildProcess;
  startedAt: number;
  backoffMs: number;
  restarts: number;
  restartTimer?: NodeJS.Timeout;
}

const describeExit = (code: number | null, signal: NodeJS.Signals | null) => (signal ? `killed by ${signal}` : `exited with code ${code}`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

/**
 * Keeps a set of services running as child processes. A service that dies is
 * started again after a backoff (logging how it ended and when it comes back);
 * the others are not touched. Each child runs in its own process group, so a
 * Ctrl-C reaches only the supervisor, which stops them in order; and each has an
 * IPC channel, so a supervisor that is itself killed takes no orphan with it
 * (the services exit when the channel closes, see onShutdownSignal).
 */
export class Supervisor {
  private readonly options: Required<SupervisorOptions>;
  private readonly services = new Map<string, Running>();
  private stopping = false;
  private readonly colors: boolean;

  constructor(specs: ServiceSpec[], options: SupervisorOptions) {
    this.options = {
      minBackoffMs: 1000,
      maxBackoffMs: 30_000,
      stableAfterMs: 60_000,
      stopTimeoutMs: 10_000,
      write: (l) => process.stdout.write(`${l}\n`),
      formatLine: (l) => l,
      ...options,
    };
    this.colors = Boolean(process.stdout.isTTY) && !options.write;
    for (const spec of specs) this.services.set(spec.name, { spec, startedAt: 0, backoffMs: this.options.minBackoffMs, restarts: 0 });
  }

  private prefix(spec: { name: string; color?: number }): string {
    return this.colors && spec.color ? `\x1b[${spec.color}m[${spec.name}]\x1b[0m` : `[${spec.name}]`;
  }

  log(message: string): void {
    this.options.write(`${this.prefix({ name: 'supervisor', color: 1 })} ${message}`);
  }

  start(): void {
    for (const running of this.services.values()) this.launch(running);
  }

  /** The pid of a running service (for tests and diagnostics). */
  pid(name: string): number | undefined {
    return this.services.get(name)?.child?.pid;
  }

  private launch(running: Running): void {
    const { spec } = running;
    const child = spawn(spec.command, spec.args, {
      cwd: this.options.cwd,
      env: { ...process.env, ...spec.env },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      detached: true,
    });
    running.child = child;
    running.startedAt = Date.now();
    for (const stream of [child.stdout!, child.stderr!]) {
      readline
        .createInterface({ input: stream })
        .on('line', (line) => this.options.write(`${this.prefix(spec)} ${this.options.formatLine(line)}`));
    }
    child.on('error', (err) => this.log(`${spec.name} could not start: ${err.message}`));
    child.on('exit', (code, signal) => {
      running.child = undefined;
      // Let a stop signal that arrived at the same moment win over a restart.
      setTimeout(() => this.onExit(running, code, signal), 50);
    });
  }

  private onExit(running: Running, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.stopping) return;
    const uptime = Date.now() - running.startedAt;
    if (uptime >= this.options.stableAfterMs) running.backoffMs = this.options.minBackoffMs;
    const delay = running.backoffMs;
    running.restarts++;
    this.log(
      `${running.spec.name} ${describeExit(code, signal)} after ${seconds(uptime)}; restarting in ${seconds(delay)} (restart ${running.restarts}); the other services keep running`,
    );
    running.backoffMs = Math.min(running.backoffMs * 2, this.options.maxBackoffMs);
    running.restartTimer = setTimeout(() => {
      if (!this.stopping) this.launch(running);
    }, delay);
  }

  /** Stops every service, in the given order (or all at once), SIGKILL after the timeout. */
  async stop(order: string[] = [...this.services.keys()]): Promise<void> {
    this.stopping = true;
    for (const running of this.services.values()) clearTimeout(running.restartTimer);
    for (const name of order) {
      const child = this.services.get(name)?.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => {
        this.log(`${name} did not stop within ${seconds(this.options.stopTimeoutMs)}; killing it`);
        child.kill('SIGKILL');
      }, this.options.stopTimeoutMs);
      await exited;
      clearTimeout(timer);
    }
  }
}
