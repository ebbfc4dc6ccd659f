/**
 * bench:chaos's schedule: the seeded shuffle is Fisher-Yates on the seeded generator, so a seed gives
 * the same order (and the same schedule) on every Node version; faults of one family never overlap, a
 * server is killed inside the first relay fault and a PostgreSQL fault starts inside the first Redis one,
 * and no server is down (its restart included) while a fault expects alerts on every server.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../server/demo-data.js';
import { FAULTS, RESTART_MARGIN_S, schedule, shuffle } from './chaos-faults.js';

/** Each kind's alerts settle 6 minutes after it ends (the slowest shipped window). */
const settle = () => 360;

describe("bench:chaos's schedule", () => {
  it('given the same seed should shuffle the same way, as written down', () => {
    const letters = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    expect(shuffle(letters, seededRandom(1))).toEqual(shuffle(letters, seededRandom(1)));
    expect(shuffle(letters, seededRandom(1)).join('')).toBe('cbghedaf');
    expect(shuffle(letters, seededRandom(2)).join('')).not.toBe('cbghedaf');
  });

  it('given the same seed and length should plan the same faults', () => {
    const plan = schedule(1, 900, settle).map((p) => `${p.at}+${p.seconds} ${p.kind} app${p.server + 1}`);
    expect(schedule(1, 900, settle).map((p) => `${p.at}+${p.seconds} ${p.kind} app${p.server + 1}`)).toEqual(plan);
    expect(plan).toMatchInlineSnapshot(`
      [
        "60+330 smtp-451 app1",
        "170+300 server-kill app2",
      ]
    `);
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'given seed %i over 30 minutes should overlap families, never one family with itself',
    (seed) => {
      const plan = schedule(seed, 1800, settle);
      for (const a of plan) {
        expect(a.seconds).toBeGreaterThanOrEqual(FAULTS[a.kind].seconds[0]);
        expect(a.seconds).toBeLessThanOrEqual(FAULTS[a.kind].seconds[1]);
        expect(a.at + a.seconds + settle()).toBeLessThanOrEqual(1800);
        for (const b of plan.filter((p) => p !== a && FAULTS[p.kind].family === FAULTS[a.kind].family)) {
          expect(b.at >= a.at + a.seconds + settle() || a.at >= b.at + b.seconds + settle()).toBe(true);
        }
      }
      const inside = (outer: string, inner: string) => {
        const first = plan.find((p) => FAULTS[p.kind].family === outer)!;
        const second = plan.find((p) => FAULTS[p.kind].family === inner)!;
        return second.at > first.at && second.at < first.at + first.seconds;
      };
      expect(inside('smtp', 'server')).toBe(true);
      expect(inside('redis', 'postgres')).toBe(true);
    },
  );

  it.each([1, 2, 3, 4, 5, 6, 7, 8, 20261202, 20261203, 20261204])(
    'given seed %i over 30 minutes should never have a server down while a database or Redis fault runs',
    (seed) => {
      const plan = schedule(seed, 1800, settle);
      const kills = plan.filter((p) => p.kind === 'server-kill');
      const shared = plan.filter((p) => ['postgres', 'redis'].includes(FAULTS[p.kind].family));
      expect(kills.length).toBeGreaterThan(0);
      for (const kill of kills) {
        for (const fault of shared) {
          const apart =
            kill.at + kill.seconds + RESTART_MARGIN_S + 30 <= fault.at || fault.at + fault.seconds + 30 <= kill.at;
          expect(apart, `${kill.kind} at ${kill.at} s against ${fault.kind} at ${fault.at} s`).toBe(true);
        }
      }
    },
  );
});
