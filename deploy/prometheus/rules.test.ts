/**
 * The shipped rules tested like code, with Debian's promtool: the rules and the example config load, the
 * unit tests in alerts*.test.yml pass (each alert fires above its threshold and not at or below it), each
 * alert has a severity, a summary and a runbook_url (the base docs/operations.md documents, then its
 * section), no rule counts health checks or scrapes as requests, and moving a threshold or `for:` fails.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const dir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(dir, '../..');
const rulesText = fs.readFileSync(path.join(dir, 'alerts.yml'), 'utf8');
/** promtool's unit tests of alerts.yml: one file per evaluation interval and span. */
const TEST_FILES = ['alerts.test.yml', 'alerts-jump.test.yml', 'alerts-slo.test.yml', 'alerts-balancer.test.yml'];
const testTexts = TEST_FILES.map((file) => fs.readFileSync(path.join(dir, file), 'utf8'));

function promtool(): string {
  const found = [process.env.PROMTOOL_PATH, '/usr/bin/promtool'].find((file) => file && fs.existsSync(file));
  if (!found) {
    throw new Error(
      "promtool is missing: it comes with Debian's Prometheus. Install it with:  sudo apt-get update && sudo apt-get install -y prometheus  (or set PROMTOOL_PATH)",
    );
  }
  return found;
}

/** promtool's exit code and output (it exits 1 when a unit test fails). */
async function promtoolRun(args: string[], cwd = dir): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(promtool(), args, { cwd });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof code !== 'number') throw error;
    return { code, output: `${stdout ?? ''}${stderr ?? ''}` };
  }
}

/** Each rule's expression (recording and alerting), one line or a `|` block. */
const expressions = [...rulesText.matchAll(/^( *)expr: (?:\|\n((?:\1 {2}.*\n?)+)|(.*)\n)/gm)].map((match) =>
  (match[2] ?? match[3] ?? '').trim(),
);
const records = [...rulesText.matchAll(/^ *- record: /gm)].length;

/** Each alert of alerts.yml as its text block, by alert name. */
const alerts = rulesText
  .split(/\n(?= *- alert: )/)
  .slice(1)
  .map((block) => ({ name: /- alert: (\S+)/.exec(block)?.[1] ?? '', block }));

const operations = fs.readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
/** docs/operations.md "Runbook links": the sed line that replaces the runbooks' base, and that base. */
const sedLine = /^sed -i 's\|([^|]+)\|[^|]*\|g' deploy\/prometheus\/\*\.yml docs\/operations\.md$/m.exec(operations);
const runbookBase = sedLine?.[1];

/** GitHub's anchor of a Markdown heading. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');

describe('deploy/prometheus alert rules', () => {
  it('should load in promtool, the rules and the example configuration', async () => {
    const rules = await promtoolRun(['check', 'rules', 'alerts.yml']);
    expect(rules.output).toContain(`SUCCESS: ${records + alerts.length} rules found`);
    expect(rules.code).toBe(0);
    const config = await promtoolRun(['check', 'config', 'prometheus.yml']);
    expect(config.output).toContain('is valid prometheus config file syntax');
    expect(config.code).toBe(0);
  });

  it('should pass their promtool unit tests', { timeout: 60_000 }, async () => {
    const result = await promtoolRun(['test', 'rules', ...TEST_FILES]);
    expect(result.output).toContain('SUCCESS');
    expect(result.code).toBe(0);
  });

  it('should each have a severity, a summary, an absolute runbook_url on the documented base naming a section of docs/operations.md, and a test that expects it to fire', () => {
    expect(runbookBase, 'docs/operations.md "Runbook links" gives no sed line with the base').toMatch(
      /^https:\/\/[^\s#|]+$/,
    );
    const anchors = new Set([...operations.matchAll(/^#+ (.+)$/gm)].map((match) => anchor(match[1]!)));
    expect(alerts.map((alert) => alert.name)).toEqual(
      expect.arrayContaining([
        'Watchdog',
        'KasuwaAbsent',
        'KasuwaMostServersDown',
        'KasuwaErrorBudgetBurnFast',
        'KasuwaErrorBudgetBurnSlow',
        'KasuwaServerDown',
        'KasuwaServerNotReady',
        'KasuwaDatabaseDown',
        'KasuwaRedisDown',
        'KasuwaMailOldestUnsent',
        'KasuwaMailSendFailures',
        'KasuwaHighErrorRate',
        'KasuwaBalancerErrorRate',
        'KasuwaGraphqlSlow',
        'KasuwaChangeFeedLag',
        'KasuwaEventLoopLag',
        'KasuwaSignupsRateLimitedJump',
      ]),
    );
    for (const { name, block } of alerts) {
      // Only the Watchdog, which always fires, has no severity to page or ticket by.
      expect(block, name).toMatch(name === 'Watchdog' ? /severity: none\n/ : /severity: (critical|warning)\n/);
      expect(block, name).toMatch(/summary: "(?:[^"\\\n]|\\.)+"\n/);
      const runbook = /runbook_url: (\S+)\n/.exec(block)?.[1];
      expect(runbook, `${name}'s runbook_url`).toBe(`${runbookBase}#${name.toLowerCase()}`);
      expect(anchors.has(name.toLowerCase()), `docs/operations.md has no section ${name}`).toBe(true);
      // A test that expects it to fire: its name, then a non-empty exp_alerts.
      expect(testTexts.join('\n'), `no unit test expects ${name} to fire`).toMatch(
        new RegExp(`alertname: ${name}\\n\\s+exp_alerts:\\n\\s+- exp_labels`),
      );
    }
  });

  it('should all point at a new base, and still pass their unit tests, after the documented sed line on a copy', async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-runbooks-'));
    try {
      fs.mkdirSync(path.join(work, 'deploy/prometheus'), { recursive: true });
      fs.mkdirSync(path.join(work, 'docs'));
      for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.yml'))) {
        fs.copyFileSync(path.join(dir, file), path.join(work, 'deploy/prometheus', file));
      }
      fs.copyFileSync(path.join(root, 'docs/operations.md'), path.join(work, 'docs/operations.md'));
      const ours = 'https://runbooks.test/kasuwa/operations';
      const line = sedLine![0].replace(/^(sed -i 's\|[^|]+\|)[^|]*/, `$1${ours}`);
      await run('sh', ['-c', line], { cwd: work });
      const copied = path.join(work, 'deploy/prometheus');
      const urls = [...fs.readFileSync(path.join(copied, 'alerts.yml'), 'utf8').matchAll(/runbook_url: (\S+)/g)];
      expect(urls.map((url) => url[1])).toEqual(alerts.map((alert) => `${ours}#${alert.name.toLowerCase()}`));
      const result = await promtoolRun(['test', 'rules', ...TEST_FILES], copied);
      expect(result.output).toContain('SUCCESS');
      expect(result.code).toBe(0);
      expect(fs.readFileSync(path.join(work, 'docs/operations.md'), 'utf8')).toContain(`sed -i 's|${ours}|`);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }, 60_000);

  it('should leave health checks and scrapes out of every expression that reads the request counter', () => {
    const probes = ['healthz', 'readyz', 'metrics'];
    const selectors = expressions.flatMap((expr) => [
      ...expr.matchAll(/kasuwa_http_request_duration_seconds(?:_count|_bucket|_sum)?(\{[^}]*\})?/g),
    ]);
    expect(selectors.length).toBeGreaterThan(0);
    for (const [selector, matchers = ''] of selectors) {
      const route = /route(=~?|!~|!=)"([^"]*)"/.exec(matchers);
      expect(route, `${selector} selects every route`).not.toBeNull();
      const [, op, value] = route!;
      const pattern = new RegExp(`^(?:${op === '=' || op === '!=' ? value!.replace(/\W/g, '\\$&') : value})$`);
      const selected = (probe: string) => pattern.test(probe) !== op!.startsWith('!');
      for (const probe of probes) expect(selected(probe), `${selector} counts route ${probe}`).toBe(false);
    }
  });

  it('should fail their unit tests when any threshold or duration is moved', async () => {
    // In each alert, every "> N" (N > 0) moved 30 % either way and every `for:` doubled and halved: one
    // copy of the rules each, tested with only the unit tests of that alert (quicker; the others pass).
    const mutants: { what: string; alert: string; rules: string }[] = [];
    let offset = rulesText.indexOf('- alert: ');
    for (const { name, block } of alerts) {
      const start = rulesText.indexOf(block, offset - 10);
      offset = start + block.length;
      const moved = (at: number, length: number, replacement: string, what: string) =>
        mutants.push({
          what: `${name}: ${what}`,
          alert: name,
          rules: `${rulesText.slice(0, start + at)}${replacement}${rulesText.slice(start + at + length)}`,
        });
      for (const match of block.matchAll(/> (\d+(?:\.\d+)?)\b/g)) {
        const value = Number(match[1]);
        if (value === 0) continue;
        for (const factor of [1.3, 0.7]) {
          const to = String(Number((value * factor).toPrecision(3)));
          moved(match.index, match[0].length, `> ${to}`, `"> ${value}" as "> ${to}"`);
        }
      }
      for (const match of block.matchAll(/for: (\d+)m\b/g)) {
        const minutes = Number(match[1]);
        for (const seconds of [minutes * 120, minutes * 30]) {
          moved(match.index, match[0].length, `for: ${seconds}s`, `"for: ${minutes}m" as "for: ${seconds}s"`);
        }
      }
    }
    expect(mutants.length).toBeGreaterThan(30);
    /** Each test file cut down to the tests of one alert (files with none left out). */
    const testsOf = (alert: string) =>
      testTexts.flatMap((text, k) => {
        const [header, body = ''] = text.split(/^tests:\n/m);
        const kept = body.split(/\n(?= {2}- name: )/).filter((test) => test.includes(`alertname: ${alert}\n`));
        return kept.length ? [{ file: TEST_FILES[k]!, text: `${header}tests:\n${kept.join('\n')}\n` }] : [];
      });
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-rules-'));
    try {
      const survived: string[] = [];
      // Two at a time (two cores): each is one promtool process.
      for (let i = 0; i < mutants.length; i += 2) {
        await Promise.all(
          mutants.slice(i, i + 2).map(async (mutant, j) => {
            const mutantDir = path.join(work, String(i + j));
            fs.mkdirSync(mutantDir);
            fs.writeFileSync(path.join(mutantDir, 'alerts.yml'), mutant.rules);
            const tests = testsOf(mutant.alert);
            expect(tests.length, `no unit test of ${mutant.alert}`).toBeGreaterThan(0);
            for (const { file, text } of tests) fs.writeFileSync(path.join(mutantDir, file), text);
            const result = await promtoolRun(['test', 'rules', ...tests.map((test) => test.file)], mutantDir);
            if (result.code === 0) survived.push(mutant.what);
          }),
        );
      }
      expect(survived, 'a threshold or duration that the unit tests do not pin').toEqual([]);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }, 120_000);
});
