/**
 * Signups, the entry the composition root uses (server/capability.ts): start-selling requests counted in
 * kasuwa_signups_total, the welcome mail's handler and signup retention (docs/signups.md).
 */
import type client from 'prom-client';
import type { Capability } from '../capability.js';
import type { Log } from '../db/daily-job.js';
import type { OpenedDatabase } from '../db/database.js';
import type { MailPrivacy } from '../privacy/mail-links.js';
import type { HitCounter } from '../rate-limits/index.js';
import { countedStartSelling } from './counted.js';
import { registerSignupMetrics } from './metrics.js';
import { startSignupRetention } from './retention.js';
import { createSignups, type SignupOptions, type Signups } from './signups.js';
import { createSignupStore } from './store.js';
import { welcomeDelivery } from './welcome-delivery.js';

/** The demo data's signups, stored with no welcome mail (server/demo-data.ts). */
export { insertSignupsWithoutWelcome } from './store.js';

export type SignupsApi = Pick<Signups, 'startSelling'>;

export function create(deps: {
  opened: OpenedDatabase;
  registry: client.Registry;
  limits: SignupOptions['limits'];
  counter: HitCounter;
  /** Wakes the delivery worker after a commit that queued a welcome mail. */
  onQueued: () => void;
  /** The stop link, the one-click mailto and the inbox key each welcome mail carries (server/privacy/). */
  mailPrivacy: MailPrivacy;
  /** Our site's host: a signup entered on another host came from a partner's page. */
  siteHost: string;
  /** SIGNUP_RETENTION_DAYS; 0 keeps signups until asked to erase them. */
  retentionDays: number;
  log: Log;
  warn: Log;
}): Capability<SignupsApi, 'welcome'> {
  const { opened, log, warn } = deps;
  const signups = createSignups(createSignupStore(opened, { inboxHash: deps.mailPrivacy.inboxHash }), {
    limits: deps.limits,
    counter: deps.counter,
    onQueued: deps.onQueued,
  });
  const metrics = registerSignupMetrics(deps.registry);
  return {
    api: { startSelling: countedStartSelling(signups, (outcome) => metrics.signup(outcome)) },
    mailHandlers: { welcome: welcomeDelivery({ privacy: deps.mailPrivacy, siteHost: deps.siteHost }) },
    jobs: [
      {
        name: 'signup retention',
        start: () => startSignupRetention({ opened, retentionDays: deps.retentionDays, log, warn }),
      },
    ],
  };
}
