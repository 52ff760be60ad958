/**
 * The weekly digest to 100,000 confirmed subscribers: compose one issue, send
 * it from a pipeline process (compiled, as production runs it) through a local
 * catcher in count-only mode with MAIL_RATE_PER_SECOND=0, SIGKILL that process
 * once mid-send and start it again. Prints messages/s, the sender's peak RSS
 * (VmHWM from /proc) and its RSS above idle, and the duplicates and missing
 * copies counted in the catcher. Goals: ≥ 500 messages/s, ≤ 200 MB above
 * idle, 0 duplicates, 0 missing. BENCH_SUBSCRIBERS shortens it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { createRedis } from '@neuralbeat/common';
import { buildService } from '../scripts/buildServices';
import { MailCatcher } from '../services/common/src/mail/catcher';
import { pipelineConfig } from '../services/pipeline/src/config';
import { createDigest } from '../services/pipeline/src/newsletter/digest';
import { insertEvent, insertJob, insertNewsItem, insertTool } from '../tests/support/factories';
import { scratchBuildDir } from '../tests/support/scratchBuild';
import { benchDatabase, freePort, uniquePrefix } from './support';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 100_000);
const KILL_AT = Math.floor(SUBSCRIBERS * 0.4);
const LOCK_MS = 5000;

const database = await benchDatabase();
const scratch = scratchBuildDir('pipeline');
const build = scratch.dir;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = createRedis(redisUrl);
const prefix = uniquePrefix();

/** Copies per subscriber, by the number in their address. */
const copies = new Uint16Array(SUBSCRIBERS + 1);
let received = 0;
let sender: ChildProcess | undefined;
let killedAt: number | undefined;
let onKill: () => void = () => undefined;
const catcher = new MailCatcher({
  port: 0,
  countOnly: true,
  onMessage: (message) => {
    for (const to of message.to) {
      const n = Number(/^reader(\d+)@/.exec(to)?.[1]);
      if (n) copies[n]!++;
    }
    received++;
    if (received === KILL_AT && sender) {
      sender.kill('SIGKILL');
      killedAt = performance.now();
      onKill();
    }
  },
});

const procStatus = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
};
const mb = (x: number) => `${x.toFixed(0)} MB`;
/** CPU ms a process has used (user + system), from /proc: steadier than messages/s on a shared machine. */
const cpuMs = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};

/** Starts the compiled pipeline on a port of its own and waits until it answers /readyz (workers and connections up). */
async function startSender(env: Record<string, string>): Promise<ChildProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(build, 'main.js')], {
    env: { ...process.env, ...env, PIPELINE_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the sender did not become ready');
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r()));

try {
  await catcher.start();
  await buildService('pipeline', { outdir: build });
  const db = database.db;
  // A realistic issue: a week of stories, tools, events and jobs.
  const now = Date.now();
  for (let i = 0; i < 30; i++)
    await insertNewsItem(db, { publish_date: new Date(now - i * 3_600_000), title: `Bench story ${i} about a new language model release` });
  for (let i = 0; i < 6; i++) await insertTool(db, { reviewed_at: new Date(now - i * 3_600_000) });
  for (let i = 0; i < 6; i++) await insertEvent(db, { start_date: new Date(now + (i + 1) * 86_400_000) });
  for (let i = 0; i < 6; i++) await insertJob(db, { created_at: new Date(now - i * 3_600_000) });
  await db.raw(
    `INSERT INTO newsletters (email, status, confirmed_at)
     SELECT 'reader' || g || '@bench.example', 'confirmed', now() FROM generate_series(1, ?) g`,
    [SUBSCRIBERS],
  );

  const env = {
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    DEMO_FEEDS: 'false',
    SMTP_URL: `smtp://127.0.0.1:${catcher.port}`,
    MAIL_RATE_PER_SECOND: '0',
    NEWSLETTER_SECRET: 'bench-newsletter-secret-0123456789abcdef',
    PIPELINE_LOCK_MS: String(LOCK_MS),
  };
  const digest = await createDigest({ db, redis, logger: pino({ level: 'silent' }), config: pipelineConfig(env), workers: false });
  const t0 = performance.now();
  const issue = await digest.issues.compose();
  const composeMs = performance.now() - t0;
  console.log(
    `compose + render (mjml) one issue: ${composeMs.toFixed(0)} ms, ${(issue.html.length / 1024).toFixed(0)} KB HTML, ${issue.content.sections.length} sections`,
  );

  sender = await startSender(env);
  const idle = procStatus(sender.pid!, 'VmRSS');
  const killed = new Promise<void>((r) => (onKill = r));
  const start = performance.now();
  const cpuAtStart = cpuMs(sender.pid!);
  const benchCpuAtStart = process.cpuUsage();
  let cpuAtKill = cpuAtStart;
  await digest.issues.sendNow(issue.id);
  let firstPeak = 0;
  const sampler = setInterval(() => {
    try {
      if (sender?.pid) {
        firstPeak = Math.max(firstPeak, procStatus(sender.pid, 'VmHWM'));
        cpuAtKill = cpuMs(sender.pid);
      }
    } catch {
      // killed meanwhile
    }
  }, 50);
  await killed;
  clearInterval(sampler);
  const benchCpu = process.cpuUsage(benchCpuAtStart);
  await exited(sender);
  const firstRate = KILL_AT / ((killedAt! - start) / 1000);
  console.log(
    `first sender: ${KILL_AT} messages in ${((killedAt! - start) / 1000).toFixed(1)} s = ${firstRate.toFixed(0)} messages/s, then SIGKILL`,
  );
  console.log(
    `CPU per message: sender ${((cpuAtKill - cpuAtStart) / KILL_AT).toFixed(2)} ms, catcher (this process) ${((benchCpu.user + benchCpu.system) / 1000 / KILL_AT).toFixed(2)} ms; ` +
      `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} CPUs`,
  );

  const restart = performance.now();
  sender = await startSender(env);
  const idle2 = procStatus(sender.pid!, 'VmRSS');
  let secondPeak = 0;
  const receivedAtRestart = received;
  let firstAfterRestart: number | undefined;
  for (;;) {
    secondPeak = Math.max(secondPeak, procStatus(sender.pid!, 'VmHWM'));
    if (firstAfterRestart === undefined && received > receivedAtRestart) firstAfterRestart = performance.now();
    if ((await digest.issues.get(issue.id)).status === 'sent') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const end = performance.now();
  const resumed = received - receivedAtRestart;
  const secondRate = resumed / ((end - (firstAfterRestart ?? restart)) / 1000);
  console.log(
    `second sender: resumed ${((firstAfterRestart! - restart) / 1000).toFixed(1)} s after its start (the killed batches' lock is ${LOCK_MS} ms), ` +
      `${resumed} messages at ${secondRate.toFixed(0)} messages/s`,
  );

  let duplicates = 0;
  let missing = 0;
  for (let n = 1; n <= SUBSCRIBERS; n++) {
    if (copies[n]! > 1) duplicates += copies[n]! - 1;
    if (copies[n] === 0) missing++;
  }
  const counts = await digest.issues.counts(issue.id);
  console.table([
    {
      subscribers: SUBSCRIBERS,
      'messages/s (uninterrupted)': Math.round(firstRate),
      'messages/s (after restart)': Math.round(secondRate),
      'wall s (incl. kill + restart)': Number(((end - start) / 1000).toFixed(1)),
      'idle RSS': mb(idle),
      'peak RSS': mb(Math.max(firstPeak, secondPeak)),
      'above idle': mb(Math.max(firstPeak - idle, secondPeak - idle2)),
      duplicates,
      missing,
      'rows sent': counts.sent,
    },
  ]);
  console.log(
    `goals: ≥ 500 messages/s ${firstRate >= 500 ? 'met' : 'NOT met'}; ≤ 200 MB above idle ${Math.max(firstPeak - idle, secondPeak - idle2) <= 200 ? 'met' : 'NOT met'}; ` +
      `0 duplicates ${duplicates === 0 ? 'met' : 'NOT met'}; 0 missing ${missing === 0 ? 'met' : 'NOT met'}`,
  );
  await digest.close();
} finally {
  if (sender && sender.exitCode === null && sender.signalCode === null) {
    sender.kill('SIGKILL');
    await exited(sender);
  }
  await catcher.stop();
  redis.disconnect();
  await database.drop();
  scratch.remove();
}
