/**
 * `npm run seed:demo [-- --reset]`: fills the demo community into the database the server uses
 * (the same configuration: ./data with PGlite by default, DATABASE_URL for PostgreSQL), without
 * the server running. See build-demo.ts for how, demo-community.ts for what.
 */
import { closeAppDeps, createAppDeps } from '../app-deps';
import { loadConfig } from '../config';
import type { AppDeps } from '../context';
import { DatabaseInUseError } from '../db/pglite-lock';
import { createLog } from '../log';
import { DemoPartlySeededError, seedDemo, type SeedDemoResult } from './build-demo';
import { DEMO_PASSWORD, MODERATION, PEOPLE } from './demo-community';

const USAGE = `Usage: npm run seed:demo [-- --reset]

Fills the demo community (people, spaces, problems, solutions, skills, stories) into the
database the server uses: DATA_DIR (default ./data) on PGlite, or DATABASE_URL.
Running it again adds nothing. --reset first deletes the demo accounts (the @example.org
people below) with everything they posted and the private spaces they own, then seeds anew.`;

function printResult(result: SeedDemoResult, where: string) {
  const lines: string[] = [];
  if (result.removed > 0) lines.push(`Removed the ${result.removed} demo accounts first.`);
  if (result.outcome === 'already-seeded') {
    lines.push(`The demo community is already in ${where}: nothing added.`);
  } else {
    const c = result.created;
    lines.push(
      `Seeded the demo community into ${where}:`,
      `  ${c.people} people, ${c.privateSpaces} private spaces (${c.participants} members joined)`,
      `  ${c.problems} problems (${c.statusChanges} status changes, ${c.parts} parts, ${c.measurements} measurements)`,
      `  ${c.solutions} solutions (${c.links} links to problems, ${c.votes} votes), ${c.skills} skills (${c.skillMembers} members)`,
      `  ${c.stories} stories, ${c.comments} comments and replies, ${c.reactions} reactions, ${c.bookmarks} bookmarks, ${c.follows} tag follows, ${c.personFollows} people followed, ${c.alerts} problem alerts`,
      `  ${c.conversations} chat conversations and ${c.chatMessages} chat messages`,
      `  ${c.maps} progress maps (graph, kanban, s-curve, location, a private one and a recipe) with ${c.waypoints} waypoints`,
      `  ${c.apiTokens} personal access token${c.apiTokens === 1 ? '' : 's'} (listed on Settings, Apps and tokens; the token itself is not kept)`,
      'Creation times are the time of this run: the services stamp them (measurements carry past dates).',
    );
  }
  lines.push('', `Sign in with any of these; the password is "${DEMO_PASSWORD}":`);
  const width = Math.max(...PEOPLE.map((person) => person.email.length));
  // The site roles lead the line: they are whom a tester signs in as to see the admin pages and
  // the report queue ("admin of Ward 12" further on is a space role, not a site one).
  const siteRole = (key: string) =>
    key === MODERATION.admin
      ? 'SITE ADMIN (admin pages, report queue); '
      : key === MODERATION.moderator
        ? 'SITE MODERATOR (report queue); '
        : '';
  for (const person of PEOPLE) {
    lines.push(
      `  ${person.email.padEnd(width)}  ${person.displayName}: ${siteRole(person.key)}${person.shows}`,
    );
  }
  console.log(lines.join('\n'));
}

async function main(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const unknown = args.filter((arg) => arg !== '--reset');
  if (unknown.length > 0) {
    console.error(`Unknown argument ${unknown.join(' ')}\n\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  // The summary is the output; the logs say only what went wrong unless LOG_LEVEL asks for more.
  const log = createLog(process.env.LOG_LEVEL ? config.logLevel : 'warn');
  // Host and database only: the URL's password stays out of the output.
  const url = config.databaseUrl ? new URL(config.databaseUrl) : null;
  const where = url ? `PostgreSQL (${url.host}${url.pathname})` : `${config.dataDir} (PGlite)`;

  let deps: AppDeps;
  try {
    deps = await createAppDeps(config, log);
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    const holder = error.holder
      ? `pid ${error.holder.pid}, since ${error.holder.since}`
      : 'starting';
    console.error(
      `The database in ${config.dataDir} is open in another process (${holder}), most likely ` +
        'a running server: PGlite lets one process open it at a time.\nStop the server ' +
        '(Ctrl+C where it runs), run `npm run seed:demo` again, then start the server.\n' +
        `(If no such process is running, delete ${error.lockFile}.)`,
    );
    return 1;
  }
  try {
    printResult(await seedDemo(deps, { reset: args.includes('--reset') }), where);
    return 0;
  } catch (error) {
    if (!(error instanceof DemoPartlySeededError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await closeAppDeps(deps);
  }
}

process.exitCode = await main(process.argv.slice(2));
