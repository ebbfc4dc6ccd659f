/**
 * `partners:link CODE [--days N] [--force]` prints a partner's signed link to their own counts
 * (docs/partners.md); `partners:revoke CODE` refuses every link issued for CODE so far. A code without
 * signups yet is accepted (a new partner), with a note on stderr; a disabled code only with --force. The
 * link registers the code (link keys): the join form refuses it to anyone from then on.
 */

import { hasControlCharacters } from '../control-characters.js';
import { partnerSettings } from '../partner-settings.js';
import { MAX_PARTNER_CODE_LENGTH } from '../partners/links.js';
import { DEFAULT_LINK_DAYS } from '../partners/partners.js';
import { partnersFor } from '../partners/partners-for-database.js';
import { createProgrammeStore } from '../partners/programme-store.js';
import { type AdminCommand, UsageError } from './command.js';
import { option } from './contest-format.js';
import { withDatabase } from './with-database.js';

const MAX_DAYS = 3660;

/** The code as signups store it (trimmed, no control characters, at most MAX_PARTNER_CODE_LENGTH characters). */
export function partnerArgument(code: string | undefined): string {
  const trimmed = code?.trim() ?? '';
  if (!trimmed || trimmed.startsWith('--')) throw new UsageError('Give the partner code.');
  if (hasControlCharacters(trimmed) || trimmed.length > MAX_PARTNER_CODE_LENGTH) {
    throw new UsageError(`A partner code has no control characters and at most ${MAX_PARTNER_CODE_LENGTH} characters.`);
  }
  return trimmed;
}

/** The one argument of a command that takes a partner code and nothing else. */
export function onlyPartnerArgument(args: string[]): string {
  if (args.length > 1) throw new UsageError(`Unknown argument "${args[1]}".`);
  return partnerArgument(args[0]);
}

export const partnersLinkCommand: AdminCommand = {
  name: 'partners:link',
  usage: 'partners:link CODE [--days N] [--force]',
  summary: `A signed link (on PUBLIC_URL) to CODE's own signup counts, valid N days (default ${DEFAULT_LINK_DAYS}); a disabled CODE only with --force`,
  async run(args, config) {
    const [code, ...given] = args;
    const partner = partnerArgument(code);
    const force = given.includes('--force');
    const rest = given.filter((arg) => arg !== '--force');
    if (rest.length && rest[0] !== '--days') throw new UsageError(`Unknown argument "${rest[0]}".`);
    if (rest.length > 2) throw new UsageError(`Unknown argument "${rest[2]}".`);
    const daysRaw = option(rest, '--days');
    const days = daysRaw === undefined ? DEFAULT_LINK_DAYS : Number(daysRaw);
    if (!Number.isInteger(days) || days < 1 || days > MAX_DAYS) {
      throw new UsageError(`--days must be a whole number from 1 to ${MAX_DAYS}.`);
    }
    return withDatabase(config, async (opened) => {
      // A disabled code's links are all refused: a new one would undo partners:disable by the back door.
      const record = await createProgrammeStore(opened).find(partner);
      if (record?.disabled_at && !force) {
        console.error(
          `"${partner}" is disabled (partners:disable): no link printed. Add --force to print one anyway; the code stays disabled.`,
        );
        return 1;
      }
      const partners = await partnersFor(partnerSettings(config), opened);
      // A link opens the code's counts: the code is held from now on, so no stranger joins with it.
      await partners.register(partner);
      const { url } = await partners.issueLink(partner, days);
      if (!(await partners.hasSignups(partner)))
        console.error(`Note: no signup has come with the code "${partner}" yet (a new partner?).`);
      console.log(url);
      return 0;
    });
  },
};

export const partnersRevokeCommand: AdminCommand = {
  name: 'partners:revoke',
  usage: 'partners:revoke CODE',
  summary: 'Refuses every link issued for CODE until now (issue a new one with partners:link)',
  async run(args, config) {
    const partner = onlyPartnerArgument(args);
    return withDatabase(config, async (opened) => {
      await (await partnersFor(partnerSettings(config), opened)).revoke(partner);
      console.log(`Every link issued for "${partner}" until now is refused.`);
      return 0;
    });
  },
};
