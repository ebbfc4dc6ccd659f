/** The signups capability's series (docs/operations.md "Metrics"): start-selling requests by outcome (counted.ts). */
import client from 'prom-client';
import { SIGNUP_OUTCOMES, type SignupOutcome } from './counted.js';

export function registerSignupMetrics(registry: client.Registry) {
  const signups = new client.Counter({
    name: 'kasuwa_signups_total',
    help: 'Start-selling requests by outcome: accepted, honeypot (a bot, answered as accepted), refused (rate_limited_ip, rate_limited_address, invalid) or failed (error)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  for (const outcome of SIGNUP_OUTCOMES) signups.inc({ outcome }, 0);
  return {
    signup(outcome: SignupOutcome): void {
      signups.inc({ outcome });
    },
  };
}
