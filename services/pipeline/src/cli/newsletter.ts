/**
 * The weekly digest from the command line: `npm run newsletter -- <command>` (from the repository root)
 *   compose     compose a draft from the past 7 days (edit, test and send it in the console)
 *   send-now    compose a new issue and send it at once, as the console's Send now does; waits until
 *               every delivery is done and prints the counts
 *   status      the latest issues with their state and delivery counts
 * send-now runs the digest's workers in this process too, so it finishes whether or not a pipeline is
 * running; mail goes where the pipeline's goes (SMTP_URL, else the running pipeline's local catcher).
 */
import net from 'node:net';
import { AppError, createDb, createLogger, createRedis } from '@neuralbeat/common';
import type { NewsletterIssueCounts } from '@neuralbeat/common/contracts';
import { pipelineConfig } from '../config';
import { createDigest } from '../newsletter/digest';

const USAGE = 'Usage: newsletter compose | send-now | status';
const POLL_MS = 500;

const describeCounts = (c: NewsletterIssueCounts) =>
  `${c.recipients} recipients: ${c.sent} sent, ${c.failed} failed, ${c.bounced} bounced${c.pending ? `, ${c.pending} pending` : ''}`;

async function run(args: string[]): Promise<number> {
  const [command] = args;
  if (!['compose', 'send-now', 'status'].includes(command ?? '')) return fail(USAGE);
  const cfg = pipelineConfig();
  const logger = createLogger('newsletter-cli', process.env.LOG_LEVEL ? cfg.LOG_LEVEL : 'warn');
  const db = createDb(cfg.DATABASE_URL, { max: 4 });
  const redis = createRedis(cfg.REDIS_URL, logger);
  // Without SMTP_URL, mail goes to the catcher of the pipeline that `npm start` runs.
  const smtpUrl = cfg.SMTP_URL ?? `smtp://127.0.0.1:${cfg.MAIL_CATCHER_PORT}`;
  const digest = await createDigest({ db, redis, logger, config: cfg, smtpUrl, workers: command === 'send-now' });
  try {
    switch (command) {
      case 'compose': {
        const issue = await digest.issues.compose();
        console.log(`Issue #${issue.number} composed as a draft: "${issue.subject}" (id ${issue.id}, ${issue.slug}).`);
        console.log(`Preview, edit and send it at ${cfg.SITE_URL.replace(/\/$/, '')}/admin/newsletter.`);
        return 0;
      }
      case 'send-now': {
        if (!cfg.SMTP_URL && !(await answers(cfg.MAIL_CATCHER_PORT))) {
          return fail(
            `No SMTP_URL is set and no mail catcher answers on port ${cfg.MAIL_CATCHER_PORT}: start the system (npm start) or set SMTP_URL.`,
          );
        }
        const draft = await digest.issues.compose();
        await digest.issues.sendNow(draft.id);
        console.log(`Issue #${draft.number} "${draft.subject}" is being sent to ${await digest.issues.dryRun()} confirmed subscribers…`);
        let last = '';
        for (;;) {
          const row = await digest.issues.get(draft.id);
          const counts = await digest.issues.counts(draft.id);
          if (row.status === 'sent') {
            console.log(`Issue #${row.number} sent: ${describeCounts(counts)}.`);
            return counts.failed ? 1 : 0;
          }
          const line = describeCounts(counts);
          if (line !== last && counts.recipients) console.log(`  ${line}`);
          last = line;
          await new Promise((r) => setTimeout(r, POLL_MS));
        }
      }
      default: {
        const issues = await digest.issues.list();
        if (!issues.length) console.log('No issues yet. Compose one with: newsletter compose');
        for (const i of issues.slice(0, 10)) {
          const when = i.sentAt ? `sent ${i.sentAt}` : i.scheduledFor ? `scheduled for ${i.scheduledFor}` : `created ${i.createdAt}`;
          console.log(`#${String(i.number).padEnd(4)} ${i.status.padEnd(9)} ${when}  ${i.subject}\n       ${describeCounts(i.counts)}`);
        }
        return 0;
      }
    }
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return fail(err.message);
    throw err;
  } finally {
    await digest.close();
    await db.destroy();
    redis.disconnect();
  }
}

/** Whether something listens on this local port (the running pipeline's catcher). */
const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

function fail(message: string): number {
  console.error(message);
  return 2;
}

process.exitCode = await run(process.argv.slice(2));
