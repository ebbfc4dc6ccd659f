/**
 * bench:chaos's workload: what readers do, faults or not. The traffic through HAProxy at a steady rate
 * for the run's length (bench/chaos-traffic.ts), on the demo stores; after it, each server asked directly
 * for a signup until it accepts one, which shows it recovered without a restart.
 */
import { sleep } from './chaos-prometheus.js';
import type { Stack } from './chaos-stack.js';
import { signUp, startTraffic } from './chaos-traffic.js';

/** After the traffic: each server asked directly for a signup for up to this long. */
export const RECOVER_MS = 30_000;

export type Workload = { seed: number; minutes: number; rate: number };

/** Up to 200 opted-in demo stores, the domains the lookups ask for. */
export async function demoDomains(stack: Stack): Promise<string[]> {
  const { rows } = await stack.admin.query<{ domain: string }>('SELECT domain FROM stores WHERE opted_in LIMIT 200');
  if (rows.length === 0) throw new Error('no demo stores to look up');
  return rows.map((row) => row.domain);
}

/**
 * The traffic, started now on `stack`'s balancer; `now` is the bench's clock. finish() waits out the
 * rest of the run's minutes, stops the traffic (the requests in flight answered) and says when, in seconds.
 */
export function startWorkload(stack: Stack, workload: Workload, domains: string[], now: () => number) {
  const traffic = startTraffic(stack.cluster.base, workload.rate, workload.seed, domains, now);
  return {
    traffic,
    async finish(): Promise<number> {
      const untilEnd = workload.minutes * 60 - now();
      if (untilEnd > 0) await sleep(untilEnd * 1000);
      await traffic.stop();
      return now();
    },
  };
}

/** Whether each server, asked directly, accepts a signup within RECOVER_MS; accepted addresses go in `acknowledged`. */
export async function recoveredServers(stack: Stack, seed: number, acknowledged: string[]): Promise<boolean[]> {
  const recovered: boolean[] = [];
  for (const [i, server] of stack.cluster.servers.entries()) {
    const email = `chaos-${seed}-after-${i}@example.ng`;
    let accepted = false;
    for (const deadline = Date.now() + RECOVER_MS; !accepted && Date.now() < deadline; ) {
      accepted = await signUp(server.base, email).then(
        (answer) => answer.ok,
        () => false,
      );
      if (!accepted) await sleep(1000);
    }
    if (accepted) acknowledged.push(email);
    recovered.push(accepted);
  }
  return recovered;
}
