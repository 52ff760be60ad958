/**
 * Manage news sources: `npm run sources -w services/pipeline -- <command>`
 *   list                 every source with its state
 *   add <name> <url>     add (or rename) a source
 *   enable <id>          collect it again
 *   disable <id>         stop collecting it
 * Schedules follow on the pipeline's next start.
 */
import { config, createDb } from '@neuralbeat/common';
import { SourcesRepository } from '../collect/sourcesRepository';

const USAGE = 'Usage: sources list | add <name> <feed-url> | enable <id> | disable <id>';

async function run(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  const db = createDb(config().DATABASE_URL, { max: 1 });
  const sources = new SourcesRepository(db);
  try {
    switch (command) {
      case 'list': {
        const rows = await sources.list();
        if (!rows.length) console.log('No sources yet. Add one with: sources add <name> <feed-url>');
        for (const s of rows) {
          const state = s.enabled ? 'enabled ' : 'disabled';
          const last = s.last_error ? `error: ${s.last_error}` : s.last_success_at ? `ok at ${s.last_success_at.toISOString()}` : 'never fetched';
          console.log(`${String(s.id).padStart(4)}  ${state}  ${s.name}  ${s.feed_url}  (${last})`);
        }
        return 0;
      }
      case 'add': {
        const [name, url] = rest;
        if (!name?.trim() || !url) return fail(`add needs a name and a feed URL. ${USAGE}`);
        let parsed: URL;
        try {
          parsed = new URL(url);
        } catch {
          return fail(`"${url}" is not a valid URL.`);
        }
        if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return fail('The feed URL must start with http:// or https://.');
        const row = await sources.upsert(name.trim(), parsed.toString());
        console.log(`Source ${row.id} "${row.name}" → ${row.feed_url}`);
        return 0;
      }
      case 'enable':
      case 'disable': {
        const id = Number(rest[0]);
        if (!Number.isInteger(id) || id <= 0) return fail(`${command} needs a numeric source id. ${USAGE}`);
        const row = await sources.setEnabled(id, command === 'enable');
        if (!row) return fail(`No source with id ${id}.`);
        console.log(`Source ${row.id} "${row.name}" ${command}d.`);
        return 0;
      }
      default:
        return fail(USAGE);
    }
  } finally {
    await db.destroy();
  }
}

function fail(message: string): number {
  console.error(message);
  return 2;
}

process.exitCode = await run(process.argv.slice(2));
