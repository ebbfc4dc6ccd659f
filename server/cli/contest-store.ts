/**
 * `contest:store DOMAIN`: one store's orders, counted or not and why (refunded, outside the window),
 * with its place from the same standings as contest:standings: for the vendor who disputes a rank.
 */
import { type SaleCounting, storeAccount } from '../contest/payout.js';
import { printable } from '../control-characters.js';
import { type AdminCommand, UsageError } from './command.js';
import { exactNaira, lagosTime, textTable } from './contest-format.js';
import { withDatabase } from './with-database.js';

const KINDS: SaleCounting[] = ['counted', 'refunded', 'outside the window'];

export const contestStoreCommand: AdminCommand = {
  name: 'contest:store',
  usage: 'contest:store DOMAIN',
  summary: "One store's orders inside and outside the window, counted or refunded, and its place",
  async run(args, config) {
    const [domain, ...rest] = args;
    if (!domain || rest.length) throw new UsageError('Give exactly one store domain (or custom domain).');
    return withDatabase(config, async (opened) => {
      const account = await storeAccount(opened.db, config.campaign, domain);
      if (!account) {
        console.error(`No store has the domain ${domain}.`);
        return 1;
      }
      const { standing } = account;
      console.log(`store      ${account.storeId} ${printable(account.name ?? '')}`.trimEnd());
      console.log(`domain     ${account.domain}${account.customDomain ? ` (also ${account.customDomain})` : ''}`);
      console.log(
        `window     ${config.campaign.startsAt}..${config.campaign.endsAt} (${lagosTime(config.campaign.startsAt)} to ${lagosTime(config.campaign.endsAt)})`,
      );
      console.log(`opted in   ${account.optedIn ? 'yes' : 'no: not ranked'}`);
      console.log(
        `place      ${
          standing
            ? `${standing.sharedBy > 1 ? `=${standing.place} (shared by ${standing.sharedBy} stores)` : standing.place} of ${account.participants} participants`
            : 'none (no counted revenue, or not opted in)'
        }`,
      );
      for (const kind of KINDS) {
        const total = account.totals[kind];
        console.log(`${kind.padEnd(19)}${String(total.orders).padStart(6)} orders  ${exactNaira(total.kobo)}`);
      }
      console.log('');
      console.log(
        textTable(
          [
            { title: 'order id' },
            { title: 'paid at (UTC)' },
            { title: 'amount', align: 'right' },
            { title: 'status' },
            { title: 'counts as' },
          ],
          account.orders.map((order) => [
            order.orderId,
            order.paidAt,
            exactNaira(order.amountKobo),
            order.status,
            order.counting,
          ]),
        ),
      );
      return 0;
    });
  },
};
