/**
 * Every environment variable the product reads, written once: name, default as the README shows it,
 * meaning. server/config.ts reads them (its readers accept only these names); the README's table is
 * generated from this list (`configTable`, checked by scripts/house.test.ts); those marked `site` are
 * the ones the pages depend on (site/config.ts), rendered by the server at start, never into dist/.
 */
export type ConfigVariable = {
  /** Variables documented together, in one row of the README's table. */
  readonly names: readonly string[];
  /** As the README shows it. */
  readonly default: string;
  readonly meaning: string;
  /** The pages carry it: the server renders them with it at start (never baked into dist/). */
  readonly site?: true;
};

export const CONFIG_VARIABLES = [
  { names: ['PORT'], default: '`3000`', meaning: 'HTTP port' },
  { names: ['HOST'], default: '`0.0.0.0`', meaning: 'interface to listen on' },
  {
    names: ['DATA_DIR'],
    default: '`./var`',
    meaning: 'where the SQLite database, the mail folder and the IP-hash salt live',
  },
  {
    names: ['DATABASE_URL'],
    default: 'unset (SQLite `DATA_DIR/kasuwa.sqlite`)',
    meaning:
      '`postgres://user:pass@host:5432/name` runs on PostgreSQL ([Running on PostgreSQL](docs/postgresql.md)); `sqlite:path/file.sqlite` an SQLite file elsewhere',
  },
  {
    names: ['DATABASE_STATEMENT_TIMEOUT_MS', 'DATABASE_LOCK_TIMEOUT_MS', 'DATABASE_CONNECT_TIMEOUT_MS'],
    default: '`30000`, `3000`, `5000` (ms)',
    meaning:
      'PostgreSQL: the longest one statement may run, the longest it may wait for a lock, and the longest a request waits for a connection (a free one in the pool, or a new one); past one of them a signup answers "try again" (`UNAVAILABLE`, [Database outages](docs/operations.md#database-outages)); `0` removes the bound. SQLite waits at most 5 s for a lock',
  },
  {
    names: ['DATABASE_START_WAIT_SECONDS'],
    default: '`60`',
    meaning:
      'PostgreSQL: started while the database does not answer, the server says so in one line and tries again every 2 s for this long, then exits 1; `0` exits at once ([Database outages](docs/operations.md#database-outages))',
  },
  {
    names: ['MAIL_LEASE_SECONDS'],
    default: '`80`',
    meaning:
      'how long the e-mail worker holds the rows it claimed unless it renews the claim (it does while it sends); after that another worker (or this one after a crash) takes them over',
  },
  {
    names: ['DEMO_DATA'],
    default: '`on` (`off` with `NODE_ENV=production`)',
    meaning: '`off` never loads demo data; `on` loads it into an empty database only',
  },
  {
    names: ['CAMPAIGN_START', 'CAMPAIGN_END'],
    default: '2026-12-01 00:00 to 2027-01-31 23:59:59',
    meaning:
      'contest window, ISO 8601; without an offset read as Africa/Lagos time; a day that does not exist (`2026-02-30`) is refused; on PostgreSQL stored at first start, and a server that disagrees refuses to start ([docs/scaling.md](docs/scaling.md))',
  },
  {
    names: ['CONTEST_GRACE_HOURS'],
    default: '`72`',
    meaning:
      'hours after `CAMPAIGN_END` for late ingests before `contest:standings --final` may write the final result ([Paying the winners](docs/contest.md#paying-the-winners))',
  },
  {
    names: ['RANK_CACHE_SECONDS'],
    default: '`60`',
    meaning:
      'how long a browser or a cache in front may keep a rank lookup, then as long again while it asks anew; `0`: every lookup reaches a server ([A cache in front](docs/scaling.md#a-cache-in-front))',
  },
  {
    names: ['PUBLIC_URL'],
    default: 'unset',
    meaning:
      "the site's public address (canonical links, HSTS when https); unset, the rendered pages use `https://kasuwa.shop`",
    site: true,
  },
  {
    names: ['SMTP_URL', 'MAIL_FROM'],
    default: 'unset, `Kasuwa <hello@kasuwa.shop>`',
    meaning: 'outgoing mail; without `SMTP_URL` e-mails are `.eml` files in `DATA_DIR/mail`',
  },
  {
    names: ['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY', 'DKIM_PRIVATE_KEY_FILE'],
    default: 'unset (mail is not signed)',
    meaning:
      'sign every e-mail (SMTP and `.eml` alike) with DKIM: the domain (`d=`), the selector (`s=`) and an RSA private key as PEM text or a file holding it; all or none ([DKIM](docs/signups.md#dkim))',
  },
  {
    names: ['SIGNUP_IP_LIMIT', 'SIGNUP_IP_WINDOW'],
    default: '`300` per `3600` s',
    meaning: 'signups per client IP per window (see [Signups and e-mail](docs/signups.md))',
  },
  {
    names: ['SIGNUP_EMAIL_LIMIT', 'SIGNUP_EMAIL_WINDOW'],
    default: '`3` per `3600` s',
    meaning: 'signup requests per address per window',
  },
  {
    names: ['SIGNUP_RETENTION_DAYS'],
    default: '`730`',
    meaning:
      'signups not requested again for this many days are erased, with their e-mails, once a day; `0` keeps them for ever ([Retention](docs/signups.md#retention))',
  },
  {
    names: ['REDIS_URL'],
    default: 'unset',
    meaning:
      '`redis://host:6379`: the signup limits count in Redis (rate-limiter-flexible) instead of the database; while it does not answer (at start too) each server counts them in memory ([docs/scaling.md](docs/scaling.md))',
  },
  {
    names: ['IP_HASH_SALT'],
    default: 'unset (made once: in the database on PostgreSQL, `DATA_DIR/ip-hash.salt` on SQLite)',
    meaning: 'the salt of the stored client-IP hashes, at least 16 characters; the same on every server',
  },
  {
    names: ['PRIVACY_SECRET'],
    default: 'unset (made once: in the database on PostgreSQL, `DATA_DIR/privacy.secret` on SQLite)',
    meaning:
      'the key that signs the stop-e-mail links and hashes suppressed addresses, at least 16 characters; the same on every server; changing it voids the links sent and forgets the suppression list ([Signups and e-mail](docs/signups.md#privacy))',
  },
  {
    names: ['PARTNER_LINK_SECRET', 'PARTNER_LINK_SECRET_PREVIOUS'],
    default: 'unset (made once: in the database on PostgreSQL, `DATA_DIR/partner-link.secret` on SQLite), unset',
    meaning:
      "the key that signs partners' links to their own signup counts (`partners:link`), at least 32 bytes (`openssl rand -base64 32`; shorter or empty, the server and `partners:link` refuse it); the same on every server; and, while rotating it, the old key: links signed with either open, new ones are signed with the current one; unset the old one once its links have expired, 180 days after the change (the default link life) or later for a longer `--days` ([Rotating the key](docs/partners.md#rotating-the-key))",
  },
  {
    names: ['PARTNER_CACHE_SECONDS', 'PARTNER_LINK_LIMIT', 'PARTNER_LINK_WINDOW'],
    default: '`60` s; `60` per `600` s',
    meaning:
      "partners' pages: how long each server keeps a code's numbers (`0`: read on every request; a revoke applies at once), and the requests per link (page, CSV, JSON) per window, counted like the signup limits (memory, PostgreSQL or Redis), past it 429 ([docs/partners.md](docs/partners.md#at-scale))",
  },
  {
    names: ['SINGLE_SERVER'],
    default: '`off`',
    meaning:
      '`on`: this is the only server on its PostgreSQL database, so `.eml` files are allowed; otherwise PostgreSQL without `SMTP_URL` refuses to start ([docs/scaling.md](docs/scaling.md))',
  },
  {
    names: ['TRUST_PROXY'],
    default: 'unset (`0`)',
    meaning: 'number of our proxies in front (`on` = 1): the client IP is then read from `X-Forwarded-For`',
  },
  {
    names: ['INGEST_TOKEN'],
    default: 'unset',
    meaning: 'bearer token for `POST /ingest/sales` (at least 16 characters); unset: the route answers 503',
  },
  {
    names: ['METRICS_PORT'],
    default: 'unset',
    meaning:
      'serves `GET /metrics` (Prometheus) alone on this port, without a token ([docs/operations.md](docs/operations.md#metrics))',
  },
  {
    names: ['METRICS_TOKEN'],
    default: 'unset',
    meaning:
      'serves `GET /metrics` on the main port to `Authorization: Bearer` this token only (at least 16 characters); with neither variable `/metrics` is not served',
  },
  {
    names: ['CORS_ORIGINS'],
    default: 'unset (any origin)',
    meaning: 'comma-separated origins allowed to call `/graphql`',
  },
  {
    names: ['GA_MEASUREMENT_ID', 'META_PIXEL_ID', 'CHAT_WIDGET_ID'],
    default: 'unset',
    meaning:
      'third-party scripts: unset, none; set, the pages ask the reader first and load only what they accept ([Cookies and consent](docs/site.md#cookies-and-consent))',
    site: true,
  },
  {
    names: ['NODE_ENV'],
    default: '`development`',
    meaning: '`production`, `development` or `test`',
    site: true,
  },
  {
    names: ['LOG_REQUESTS'],
    default: '`on`',
    meaning: '`off` silences the one JSON line per request (see [Logs](docs/security.md))',
  },
  {
    names: ['SITE_DIR', 'WIDGETS_DIR', 'WIDGET_RELEASES_DIR'],
    default: '`./dist/site`, `./dist/widgets`, `./releases/widgets`',
    meaning:
      'where the built site and widget files are served from, and the widget versions the builds kept, served at `/widgets/<version>/` and `/widgets/v<major>/` ([Versions](docs/embedding.md#versions))',
  },
  {
    names: ['SITE_RENDER'],
    default: '`build`',
    meaning:
      '`build` renders every page once at start with this configuration and serves them from memory, the assets from `SITE_DIR`; `on-request` renders each page per request (`npm run dev` sets it)',
  },
  {
    names: ['SITE_PAGES'],
    default: '`./dist/server/site-pages.js`',
    meaning:
      "the site's module that renders the pages the server answers itself (see [Architecture](#architecture)); `npm run dev` and the in-process tests use `site/page-renderers.ts`",
  },
] as const satisfies readonly ConfigVariable[];

export type ConfigVariableName = (typeof CONFIG_VARIABLES)[number]['names'][number];

export const ALL_VARIABLE_NAMES: readonly ConfigVariableName[] = CONFIG_VARIABLES.flatMap((variable) => variable.names);

/** The README's configuration table (between its `config-table` markers). */
export function configTable(): string {
  const rows = CONFIG_VARIABLES.map(
    (variable) =>
      `| ${variable.names.map((name) => `\`${name}\``).join(', ')} | ${variable.default} | ${variable.meaning} |`,
  );
  return ['| variable | default | meaning |', '| -------- | ------- | ------- |', ...rows].join('\n');
}
