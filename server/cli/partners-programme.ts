/**
 * The operators' side of the partner programme (docs/partners.md, "Joining"): `partners:list [--csv]`,
 * `partners:show CODE`, `partners:disable CODE` (every link refused, no new one mailed; signups still
 * counted) and `partners:assign CODE EMAIL` (an older code, or any free one, given to its owner).
 */
import { checkEmail } from '../../common/email.js';
import type { Config } from '../config.js';
import type { OpenedDatabase } from '../db/database.js';
import { partnerSettings } from '../partner-settings.js';
import { partnersFor } from '../partners/partners-for-database.js';
import { isPartnerCode } from '../partners/programme.js';
import { createProgrammeStore, type PartnerRecord } from '../partners/programme-store.js';
import { type AdminCommand, UsageError } from './command.js';
import { csvRow } from './csv.js';
import { onlyPartnerArgument, partnerArgument } from './partners-link.js';
import { withDatabase } from './with-database.js';

const COLUMNS = ['code', 'email', 'confirmed', 'created', 'disabled', 'signups'] as const;

const cells = (row: PartnerRecord & { signups: number }) => [
  row.code,
  row.email,
  row.confirmed_at ? String(row.confirmed_at) : 'no',
  String(row.created_at),
  row.disabled_at ? String(row.disabled_at) : '',
  row.signups,
];

/** Columns padded to their widest cell, one line per partner. */
function table(rows: (string | number)[][]): string {
  const all = [[...COLUMNS], ...rows].map((row) => row.map(String));
  const widths = COLUMNS.map((_, i) => Math.max(...all.map((row) => row[i]!.length)));
  return all
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

const withProgramme = <T>(
  config: Config,
  work: (store: ReturnType<typeof createProgrammeStore>, opened: OpenedDatabase) => Promise<T>,
) => withDatabase(config, (opened) => work(createProgrammeStore(opened), opened));

export const partnersListCommand: AdminCommand = {
  name: 'partners:list',
  usage: 'partners:list [--csv]',
  summary: 'Every partner: code, e-mail, confirmed, created, disabled, signups (a table, or CSV with --csv)',
  async run(args, config) {
    const csv = args[0] === '--csv';
    if (args.length > (csv ? 1 : 0)) throw new UsageError(`Unknown argument "${args[csv ? 1 : 0]}".`);
    return withProgramme(config, async (store) => {
      const rows = (await store.list()).map(cells);
      if (csv) process.stdout.write(csvRow([...COLUMNS]) + rows.map((row) => csvRow(row)).join(''));
      else console.log(table(rows));
      return 0;
    });
  },
};

export const partnersShowCommand: AdminCommand = {
  name: 'partners:show',
  usage: 'partners:show CODE',
  summary: "Print CODE's partner record as JSON: e-mail, website, language, times, signups",
  async run(args, config) {
    const code = onlyPartnerArgument(args);
    return withProgramme(config, async (store) => {
      const found = await store.show(code);
      if (!found) {
        console.error(`No partner has the code "${code}".`);
        return 1;
      }
      console.log(JSON.stringify(found, null, 2));
      return 0;
    });
  },
};

export const partnersDisableCommand: AdminCommand = {
  name: 'partners:disable',
  usage: 'partners:disable CODE',
  summary: 'Refuses every link of CODE and mails it no new one; its signups are still counted',
  async run(args, config) {
    const code = onlyPartnerArgument(args);
    return withProgramme(config, async (store, opened) => {
      const known = await store.disable(code);
      await (await partnersFor(partnerSettings(config), opened)).revoke(code);
      console.log(
        known
          ? `"${code}" is disabled: every link issued until now is refused and no new one is mailed.`
          : `No partner has the code "${code}"; every link issued for it until now is refused.`,
      );
      return 0;
    });
  },
};

export const partnersAssignCommand: AdminCommand = {
  name: 'partners:assign',
  usage: 'partners:assign CODE EMAIL',
  summary:
    "Gives CODE (an older code from signups, or a free one) to EMAIL's owner, confirmed; print the link with partners:link",
  async run(args, config) {
    if (args.length !== 2) throw new UsageError('Give the partner code and the e-mail address.');
    const code = partnerArgument(args[0]);
    const email = checkEmail(args[1]);
    if (!email.ok) throw new UsageError('Give a valid e-mail address.');
    return withProgramme(config, async (store) => {
      if (!(await store.assign(code, email.email, 'en'))) {
        console.error(`"${code}" is confirmed for another address; disable it or erase that record first.`);
        return 1;
      }
      const note = isPartnerCode(code) ? '' : ' (an older code: it is kept as signups used it)';
      console.log(`"${code}" is now ${email.email}'s${note}. A new link: npm run admin -- partners:link ${code}`);
      return 0;
    });
  },
};
