/**
 * `contest:standings [--top N] [--format csv|table] [--final]`: the places an operator pays from, with
 * the same rules and code as getStoreLeaderboard (server/contest/payout.ts). `--final` writes the
 * result once, after the window and CONTEST_GRACE_HOURS; run again it refuses and says what changed.
 */
import { PRIZE_PLACES } from '../../common/campaign.js';
import {
  computeStandings,
  currentResult,
  type FinalResult,
  type PayoutRow,
  prizeOfPlace,
  prizesSpanned,
  readFinalResult,
  changedPlaces as whichPlacesChanged,
  writeFinalResult,
} from '../contest/payout.js';
import { type AdminCommand, UsageError } from './command.js';
import { exactNaira, lagosTime, nairaDecimal, option, textTable } from './contest-format.js';
import { csvRow } from './csv.js';
import { withDatabase } from './with-database.js';

type Format = 'table' | 'csv';

export const TIE_NOTE =
  'Stores with equal counted revenue share a place (marked "="). How tied stores share the prizes of the ' +
  "places they span is the operator's decision: the prize column shows each place's own prize, not a split.";

function parseArgs(args: string[]): { top: number; format: Format; final: boolean } {
  const known = new Set(['--top', '--format', '--final']);
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (!known.has(arg)) throw new UsageError(`Unknown option ${arg}.`);
    if (arg !== '--final') i += 1;
  }
  const topRaw = option(args, '--top');
  if (topRaw !== undefined && !/^[1-9]\d{0,6}$/.test(topRaw))
    throw new UsageError('--top must be a whole number from 1.');
  const format = option(args, '--format') ?? 'table';
  if (format !== 'table' && format !== 'csv') throw new UsageError('--format must be csv or table.');
  const final = args.includes('--final');
  if (final && topRaw !== undefined)
    throw new UsageError(`--final always covers the ${PRIZE_PLACES} prize places; leave out --top.`);
  return { top: topRaw === undefined ? PRIZE_PLACES : Number(topRaw), format, final };
}

const tieText = (row: PayoutRow): string =>
  row.sharedBy === 1
    ? ''
    : `${row.sharedBy} stores share places ${row.place}–${row.place + row.sharedBy - 1}` +
      (prizesSpanned(row.place, row.sharedBy) > 0
        ? ` (prizes ${exactNaira(prizesSpanned(row.place, row.sharedBy) * 100)} together)`
        : '');

/** The standings as an aligned table or as CSV (with a header row). */
export function formatStandings(rows: PayoutRow[], format: Format): string {
  if (format === 'csv') {
    const header = csvRow([
      'place',
      'tied',
      'store_id',
      'name',
      'domain',
      'counted_revenue_naira',
      'orders_counted',
      'refunds',
      'prize_naira',
      'shared_by',
      'shared_places_prizes_naira',
    ]);
    return (
      header +
      rows
        .map((row) =>
          csvRow([
            row.place,
            row.sharedBy > 1 ? 'yes' : 'no',
            row.storeId,
            row.name,
            row.domain,
            nairaDecimal(row.countedKobo),
            row.ordersCounted,
            row.refunds,
            prizeOfPlace(row.place),
            row.sharedBy,
            row.sharedBy > 1 ? prizesSpanned(row.place, row.sharedBy) : null,
          ]),
        )
        .join('')
    );
  }
  return textTable(
    [
      { title: 'place', align: 'right' },
      { title: 'store id' },
      { title: 'name' },
      { title: 'domain' },
      { title: 'counted revenue', align: 'right' },
      { title: 'orders', align: 'right' },
      { title: 'refunds', align: 'right' },
      { title: 'prize', align: 'right' },
      { title: 'tie' },
    ],
    rows.map((row) => {
      const prize = prizeOfPlace(row.place);
      return [
        `${row.sharedBy > 1 ? '=' : ''}${row.place}`,
        row.storeId,
        row.name ?? '',
        row.domain,
        exactNaira(row.countedKobo),
        String(row.ordersCounted),
        String(row.refunds),
        prize === null ? '' : exactNaira(prize * 100),
        tieText(row),
      ];
    }),
  );
}

const describeRow = (row: PayoutRow | undefined) =>
  row
    ? `${row.storeId} ${row.name ?? ''} ${exactNaira(row.countedKobo)}, ${row.ordersCounted} orders, ${row.refunds} refunds`
    : 'nobody';

/** Lines saying how the current standings compare with the stored final result. */
export function compareWithFinal(stored: FinalResult, current: FinalResult): string[] {
  const places = whichPlacesChanged(stored.rows, current.rows);
  const lines = [
    `Final result written ${stored.writtenAt} (${lagosTime(stored.writtenAt)}), checksum sha256:${stored.checksum}`,
  ];
  if (stored.checksum === current.checksum) {
    lines.push('Recomputed now: the same checksum; nothing has changed since.');
    return lines;
  }
  lines.push(`Recomputed now: checksum sha256:${current.checksum}, which DIFFERS from the final result.`);
  if (stored.window.startsAt !== current.window.startsAt || stored.window.endsAt !== current.window.endsAt)
    lines.push(
      `The window was ${stored.window.startsAt}..${stored.window.endsAt}; it is now ${current.window.startsAt}..${current.window.endsAt}.`,
    );
  for (const place of places) {
    const then = stored.rows.filter((row) => row.place === place);
    const now = current.rows.filter((row) => row.place === place);
    lines.push(`  place ${place}: then ${then.map(describeRow).join('; ') || 'nobody'}`);
    lines.push(`  ${' '.repeat(String(place).length + 6)} now  ${now.map(describeRow).join('; ') || 'nobody'}`);
  }
  return lines;
}

export const contestStandingsCommand: AdminCommand = {
  name: 'contest:standings',
  usage: 'contest:standings [--top N] [--format csv|table] [--final]',
  summary: `Places for paying the winners (default the top ${PRIZE_PLACES}, ties marked); --final writes the result once, after the grace period`,
  async run(args, config) {
    const { top, format, final } = parseArgs(args);
    // In CSV, notes go to stderr so stdout stays a clean file.
    const note = (text: string) => (format === 'csv' ? console.error(text) : console.log(text));
    const print = (rows: PayoutRow[]) =>
      process.stdout.write(format === 'csv' ? formatStandings(rows, format) : `${formatStandings(rows, format)}\n`);
    return withDatabase(config, async (opened) => {
      if (final) {
        const outcome = await writeFinalResult(opened.db, config.campaign, config.contestGraceHours);
        if (outcome.outcome === 'too early') {
          console.error(
            `Too early for the final result: it may be written from ${outcome.allowedFrom} (${lagosTime(outcome.allowedFrom)}), ` +
              `${config.contestGraceHours} h (CONTEST_GRACE_HOURS) after the window closed at ${config.campaign.endsAt}, so late ingests are in.`,
          );
          return 1;
        }
        if (outcome.outcome === 'demo stores') {
          console.error(
            `This database holds ${outcome.count} demo stores (ids demo-0001 and on), whose sales would take prize places: ` +
              'pay from a database started with DEMO_DATA=off (the default with NODE_ENV=production).',
          );
          return 1;
        }
        if (outcome.outcome === 'refused') {
          print(outcome.stored.rows);
          console.error('The final result is already written and is never overwritten.');
          for (const line of compareWithFinal(outcome.stored, outcome.current)) console.error(line);
          return 1;
        }
        print(outcome.result.rows);
        note(TIE_NOTE);
        note(`Final result written ${outcome.result.writtenAt}, checksum sha256:${outcome.result.checksum}`);
        return 0;
      }
      const standings = await computeStandings(opened.db, config.campaign);
      const shown = standings.filter((row) => row.place <= top);
      if (format === 'table') {
        note(
          `Standings for ${config.campaign.startsAt}..${config.campaign.endsAt}: ${standings.length} participants; places 1–${top} shown.`,
        );
      }
      print(shown);
      if (shown.some((row) => row.sharedBy > 1)) note(TIE_NOTE);
      const stored = await readFinalResult(opened.db);
      if (stored)
        for (const line of compareWithFinal(stored, await currentResult(opened.db, config.campaign))) note(line);
      return 0;
    });
  },
};
