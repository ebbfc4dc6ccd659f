/**
 * `npm run admin -- <command> [args]`: operator commands on the same database and configuration as
 * the server. Each command lives in server/cli/; this file only dispatches.
 */

import { campaignWindowCommand } from './cli/campaign-window.js';
import { type AdminCommand, UsageError } from './cli/command.js';
import { consentReportCommand } from './cli/consent-report.js';
import { contestStandingsCommand } from './cli/contest-standings.js';
import { contestStoreCommand } from './cli/contest-store.js';
import { demoGenerateCommand } from './cli/demo-generate.js';
import { mailRetryCommand } from './cli/mail-retry.js';
import { migrateCommand } from './cli/migrate.js';
import { partnersLinkCommand, partnersRevokeCommand } from './cli/partners-link.js';
import {
  partnersAssignCommand,
  partnersDisableCommand,
  partnersListCommand,
  partnersShowCommand,
} from './cli/partners-programme.js';
import { partnersReportCommand } from './cli/partners-report.js';
import { privacyEraseCommand, privacyShowCommand } from './cli/privacy.js';
import { salesImportCommand } from './cli/sales-import.js';
import { signupsExportCommand } from './cli/signups-export.js';
import { statusCommand } from './cli/status.js';
import { storesImportCommand } from './cli/stores-import.js';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseFileMissing } from './db/database.js';

const commands: AdminCommand[] = [
  statusCommand,
  migrateCommand,
  storesImportCommand,
  salesImportCommand,
  demoGenerateCommand,
  signupsExportCommand,
  partnersReportCommand,
  partnersLinkCommand,
  partnersListCommand,
  partnersShowCommand,
  partnersDisableCommand,
  partnersAssignCommand,
  partnersRevokeCommand,
  consentReportCommand,
  mailRetryCommand,
  contestStandingsCommand,
  contestStoreCommand,
  campaignWindowCommand,
  privacyShowCommand,
  privacyEraseCommand,
];

function usage(): string {
  const width = Math.max(...commands.map((command) => command.usage.length));
  return [
    'Usage: npm run admin -- <command> [options]',
    '',
    'Commands:',
    ...commands.map((command) => `  ${command.usage.padEnd(width)}  ${command.summary}`),
    '',
    'Configuration comes from the same environment variables as the server (DATABASE_URL, DATA_DIR, …).',
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    console.log(usage());
    return name ? 0 : 2;
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${usage()}`);
    return 2;
  }
  try {
    return await command.run(args, loadConfig());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      return 1;
    }
    if (error instanceof DatabaseFileMissing) {
      console.error(`Refusing to run: ${error.message}`);
      return 1;
    }
    if (error instanceof UsageError) {
      console.error(`${error.message}\nUsage: npm run admin -- ${command.usage}`);
      return 2;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));
