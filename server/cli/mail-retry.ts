/**
 * `mail:retry [--failed] [--since DATE]`: after a relay outage, sends again now the e-mails waiting for
 * a retry and, with --failed, those given up too, each with a fresh retry schedule; --since keeps the
 * ones queued since DATE. A running server's worker picks them up at its next poll (about a second).
 */
import { LAGOS_OFFSET } from '../../common/lagos-time.js';
import { createOutboxStore } from '../mail/outbox-store.js';
import { type AdminCommand, UsageError } from './command.js';
import { withDatabase } from './with-database.js';

/** `2026-12-01` or `2026-12-01T08:00[:00][Z|+01:00]`; without an offset, Lagos time like the campaign window. */
export function parseSince(raw: string): string {
  const parts = /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)?(Z|[+-]\d{2}:\d{2})?$/.exec(raw);
  const time = parts ? Date.parse(`${parts[1]}${parts[2] ?? 'T00:00'}${parts[3] ?? LAGOS_OFFSET}`) : Number.NaN;
  if (Number.isNaN(time)) {
    throw new UsageError(`--since "${raw}" is not a date: expected 2026-12-01 or 2026-12-01T08:00+01:00.`);
  }
  return new Date(time).toISOString();
}

function parseArgs(args: string[]): { failed: boolean; since?: string } {
  let failed = false;
  let since: string | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === '--failed') failed = true;
    else if (arg === '--since') {
      const value = args[++i];
      if (value === undefined) throw new UsageError('--since needs a date.');
      since = parseSince(value);
    } else throw new UsageError(`Unknown argument "${arg}".`);
  }
  return { failed, since };
}

export const mailRetryCommand: AdminCommand = {
  name: 'mail:retry',
  usage: 'mail:retry [--failed] [--since DATE]',
  summary: 'Send again now the e-mails waiting for a retry (and the failed ones with --failed), queued since DATE',
  async run(args, config) {
    const { failed, since } = parseArgs(args);
    return withDatabase(config, async (opened) => {
      const counts = await createOutboxStore(opened).requeue({ failed, since });
      const total = counts.waiting + counts.failed;
      const scope = since ? ` queued since ${since}` : '';
      const detail = failed ? ` (${counts.waiting} waiting for a retry, ${counts.failed} failed)` : '';
      console.log(`Re-queued ${total} e-mail${total === 1 ? '' : 's'}${scope}${detail}.`);
      if (counts.failedLeft) console.log(`${counts.failedLeft} failed e-mail(s) left as they are: add --failed.`);
      return 0;
    });
  },
};
