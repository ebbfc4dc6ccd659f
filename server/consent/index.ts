/**
 * Cookie consent, the entry the composition root uses (server/capability.ts): each answer recorded under
 * its limits (recorder.ts) and the answers erased once they are no longer needed (retention.ts).
 */
import type { ThirdPartyIds } from '../../common/consent-version.js';
import type { Capability } from '../capability.js';
import type { Log } from '../db/daily-job.js';
import type { OpenedDatabase } from '../db/database.js';
import type { HitCounter } from '../rate-limits/index.js';
import { createConsentRecorder } from './recorder.js';
import { startConsentRetention } from './retention.js';

export type ConsentApi = { recordConsent: ReturnType<typeof createConsentRecorder>['record'] };

export function create(deps: {
  opened: OpenedDatabase;
  counter: HitCounter;
  /** The third parties the question is about, as this build names them (their IDs set or not). */
  thirdParties: ThirdPartyIds;
  log: Log;
  warn: Log;
}): Capability<ConsentApi> {
  const { opened, log, warn } = deps;
  const recorder = createConsentRecorder(opened, deps.counter, deps.thirdParties);
  return {
    api: { recordConsent: recorder.record },
    // Always, SIGNUP_RETENTION_DAYS=0 included: cookie answers are never kept for ever.
    jobs: [{ name: 'consent retention', start: () => startConsentRetention({ opened, log, warn }) }],
  };
}
