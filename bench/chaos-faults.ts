/**
 * bench:chaos's faults: what each does, how long it lasts, the alerts it must raise and those it may,
 * and the seeded schedule that runs them, overlapping one another. docs/benchmarks.md#chaos.
 */
import { seededRandom } from '../server/demo-data.js';

export type FaultKind =
  | 'pg-terminate'
  | 'pg-stop'
  | 'pg-silent'
  | 'redis-kill'
  | 'redis-freeze'
  | 'smtp-hang'
  | 'smtp-451'
  | 'smtp-421'
  | 'smtp-550'
  | 'server-kill';

/** Faults of one family share their alerts, so two of them never run at once. */
export type Family = 'postgres' | 'redis' | 'smtp' | 'server';

/**
 * Where an alert is looked for: on every server's instance (a shared service failed), on the killed
 * server's own instance, or with no instance at all (`labels` narrow it further, e.g. its slo).
 */
export type Expectation = {
  alert: string;
  scope: 'each-server' | 'the-server' | 'none';
  labels?: Record<string, string>;
};

export type FaultSpec = {
  label: string;
  family: Family;
  /** Shortest and longest duration in seconds (drawn in steps of 10 s). */
  seconds: [number, number];
  /** Alerts that must fire by their computed deadline (bench/chaos-detection.ts), and resolve once it is over. */
  expects: Expectation[];
  /** Alerts it may raise besides: consequences an operator would trace back to it. */
  mayRaise: Expectation[];
  /** Metrics it flips at once beside its alerts' own one (an alternative state condition, e.g. a stall). */
  signals?: string[];
};

const each = (alert: string): Expectation => ({ alert, scope: 'each-server' });
const global = (alert: string, labels?: Record<string, string>): Expectation => ({
  alert,
  scope: 'none',
  ...(labels && { labels }),
});
const signupsBurn = [
  global('KasuwaErrorBudgetBurnFast', { slo: 'signups' }),
  global('KasuwaErrorBudgetBurnSlow', { slo: 'signups' }),
];
/** A database that is away: signups fail (answered UNAVAILABLE), pages and lookups answer from memory. */
const databaseAway: Pick<FaultSpec, 'expects' | 'mayRaise'> = {
  expects: [each('KasuwaDatabaseDown'), global('KasuwaErrorBudgetBurnFast', { slo: 'signups' })],
  mayRaise: [
    ...signupsBurn,
    each('KasuwaDatabaseSessionsLost'),
    each('KasuwaChangeFeedLag'),
    global('KasuwaHighErrorRate'),
    global('KasuwaGraphqlSlow'),
  ],
};
const relayAway: Pick<FaultSpec, 'expects' | 'mayRaise'> = {
  expects: [global('KasuwaMailSendFailures')],
  mayRaise: [global('KasuwaMailOldestUnsent')],
};

export const FAULTS: Record<FaultKind, FaultSpec> = {
  'pg-terminate': {
    label: 'every PostgreSQL session terminated every 30 s',
    family: 'postgres',
    seconds: [180, 240],
    expects: [each('KasuwaDatabaseSessionsLost')],
    mayRaise: [],
  },
  'pg-stop': { label: 'PostgreSQL stopped', family: 'postgres', seconds: [180, 300], ...databaseAway },
  'pg-silent': {
    label: 'PostgreSQL silent (connections open, nothing through)',
    family: 'postgres',
    seconds: [180, 240],
    ...databaseAway,
  },
  'redis-kill': {
    label: 'Redis SIGKILLed',
    family: 'redis',
    seconds: [180, 300],
    expects: [each('KasuwaRedisDown')],
    mayRaise: [],
  },
  'redis-freeze': {
    label: 'Redis frozen (SIGSTOP)',
    family: 'redis',
    seconds: [180, 300],
    expects: [each('KasuwaRedisDown')],
    mayRaise: [global('KasuwaGraphqlSlow')],
  },
  'smtp-hang': {
    label: 'SMTP relay hung',
    family: 'smtp',
    seconds: [360, 360],
    ...relayAway,
    signals: ['kasuwa_mail_sends_stalled'],
  },
  'smtp-451': {
    label: 'SMTP relay answering 451',
    family: 'smtp',
    seconds: [240, 360],
    ...relayAway,
  },
  'smtp-421': {
    label: 'SMTP relay answering 421 (closing) to MAIL FROM',
    family: 'smtp',
    seconds: [240, 360],
    ...relayAway,
  },
  'smtp-550': {
    label: 'SMTP relay refusing our sender (550)',
    family: 'smtp',
    seconds: [240, 360],
    ...relayAway,
  },
  'server-kill': {
    label: 'a server SIGKILLed, started again after',
    family: 'server',
    seconds: [180, 300],
    expects: [{ alert: 'KasuwaServerDown', scope: 'the-server' }],
    // The other server carries all the traffic: on a busy host its /graphql p99 passes 500 ms.
    mayRaise: [
      { alert: 'KasuwaServerNotReady', scope: 'the-server' },
      { alert: 'KasuwaEventLoopLag', scope: 'the-server' },
      global('KasuwaGraphqlSlow'),
    ],
  },
};
const KINDS = Object.keys(FAULTS) as FaultKind[];
const FAMILIES: Family[] = ['postgres', 'redis', 'smtp', 'server'];

/**
 * Two faults that run at once, and the alerts that only the pair explains (each with why), listed in
 * the report as expected for that overlap.
 */
export const OVERLAPS: { kinds: [FaultKind, FaultKind]; alerts: Expectation[]; why: string }[] = [];

export type Planned = { at: number; kind: FaultKind; seconds: number; server: number };

/** Fisher-Yates on `random`: the same order for the same generator on every Node version. */
export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The first fault starts this long after the traffic, so each series has a calm start to compare with. */
const FIRST_AT_S = 60;
/** A killed server is counted down this long past its fault: its start again and its first scrape. */
export const RESTART_MARGIN_S = 60;
/** Between a PostgreSQL or Redis fault and a kill, for a fault that overruns its length (its last query). */
const APART_S = 30;
/** Families whose faults expect an alert on every server's instance: no server may be down meanwhile. */
const ON_EVERY_SERVER: Family[] = ['postgres', 'redis'];

/** When `item` occupies the servers: a kill until it is back and scraped, a shared fault while it runs. */
function occupied(item: Planned): [number, number] {
  const margin = item.kind === 'server-kill' ? RESTART_MARGIN_S : 0;
  return [item.at, item.at + item.seconds + margin];
}

/**
 * The first start from `at` (in steps of 10 s) at which a fault of `family` lasting `seconds` meets no
 * planned fault it must not meet: a server killed while a fault expects alerts on every server's
 * instance would leave that instance unjudged, so kills and PostgreSQL or Redis faults never overlap.
 */
function firstFree(plan: Planned[], family: Family, at: number, seconds: number): number {
  const against = (p: Planned) =>
    family === 'server'
      ? ON_EVERY_SERVER.includes(FAULTS[p.kind].family)
      : ON_EVERY_SERVER.includes(family) && p.kind === 'server-kill';
  const margin = family === 'server' ? RESTART_MARGIN_S : 0;
  let start = at;
  for (let moved = true; moved; ) {
    moved = false;
    for (const p of plan.filter(against)) {
      const [from, to] = occupied(p);
      if (start < to + APART_S && start + seconds + margin + APART_S > from) {
        start = Math.ceil((to + APART_S) / 10) * 10;
        moved = true;
      }
    }
  }
  return start;
}

/**
 * The seeded schedule over `totalSeconds` of traffic. Each family is a lane of its kinds in a seeded
 * order, each kind once per 20 minutes and a server killed once per 20 minutes (each in turn); its next fault starts once the last one's alerts must have
 * resolved (`settleSeconds` after it ends, plus 30–90 s). The lanes start in two pairs, the second of
 * each starting inside the first: a server killed during a relay fault, then a PostgreSQL fault during
 * a Redis fault. A server is never killed while a PostgreSQL or Redis fault runs (firstFree). A fault
 * whose alerts could not resolve before the traffic stops is not run.
 */
export function schedule(seed: number, totalSeconds: number, settleSeconds: (kind: FaultKind) => number): Planned[] {
  const next = seededRandom(seed);
  const rounds = Math.ceil(totalSeconds / 1200);
  const lanes = new Map(
    FAMILIES.map((family) => [
      family,
      {
        kinds: shuffle(
          KINDS.filter((kind) => FAULTS[kind].family === family),
          next,
        ),
        count: 0,
        free: 0,
      },
    ]),
  );
  let server = Math.floor(next() * 2);
  const plan: Planned[] = [];
  const place = (family: Family, wanted: number): Planned | undefined => {
    const lane = lanes.get(family)!;
    const kind = lane.kinds[lane.count % lane.kinds.length]!;
    const [shortest, longest] = FAULTS[kind].seconds;
    let seconds = shortest + 10 * Math.floor((next() * (longest - shortest + 10)) / 10);
    const at = firstFree(plan, family, wanted, seconds);
    const room = totalSeconds - settleSeconds(kind) - at;
    if (room < shortest) {
      lane.free = Number.POSITIVE_INFINITY;
      return undefined;
    }
    seconds = Math.min(seconds, room - (room % 10));
    const item: Planned = { at, kind, seconds, server: family === 'server' ? server : 0 };
    if (family === 'server') server = 1 - server;
    lane.count++;
    lane.free = at + seconds + settleSeconds(kind);
    plan.push(item);
    return item;
  };
  const pairs: [Family, Family][] = [
    ['smtp', 'server'],
    ['redis', 'postgres'],
  ];
  let at = FIRST_AT_S;
  for (const [outer, inner] of pairs) {
    const first = place(outer, at);
    if (!first) break;
    place(inner, first.at + 10 * Math.round((first.seconds * (0.2 + 0.3 * next())) / 10));
    at = first.at + first.seconds + 30;
  }
  for (;;) {
    const [family, lane] = [...lanes].sort((a, b) => a[1].free - b[1].free)[0]!;
    if (!Number.isFinite(lane.free)) break;
    if (lane.count >= (family === 'server' ? 1 : lane.kinds.length) * rounds) {
      lane.free = Number.POSITIVE_INFINITY;
      continue;
    }
    place(family, Math.max(FIRST_AT_S, lane.free + 30 + 10 * Math.floor(next() * 7)));
  }
  return plan.sort((a, b) => a.at - b.at);
}
