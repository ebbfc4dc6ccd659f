/**
 * What deploy/haproxy.cfg answers by itself on /graphql, read from the file: the API's own UNAVAILABLE
 * error for every error HAProxy makes after picking a server, so no widget or client of the API ever
 * gets an HTML page there (e2e/cluster/balancer-errors.built.test.ts checks the real HAProxy gives it);
 * and, run by the real HAProxy, what its exporter counts per backend for KasuwaBalancerErrorRate.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAVAILABLE_MESSAGE } from '../common/messages.js';
import { UnavailableError } from '../server/errors.js';
import { balancerApiAnswers } from '../testing/server/balancer-errors.js';
import { ensureHaproxy, haproxyConfig } from '../testing/server/cluster.js';
import { freePort } from '../testing/server/free-port.js';
import { grown } from '../testing/server/haproxy-metrics.js';

describe('the shipped HAProxy config on /graphql', () => {
  const answers = balancerApiAnswers();
  const unavailable = new UnavailableError(null);

  it.each([500, 502, 503, 504])(
    'given HAProxy answers %i itself should answer the error the server gives when it is unavailable',
    (status) => {
      const answer = answers.get(status);
      expect(answer?.contentType).toBe('application/graphql-response+json');
      expect(JSON.parse(answer?.body ?? 'null')).toEqual({
        errors: [{ message: UNAVAILABLE_MESSAGE, extensions: { code: 'UNAVAILABLE', ...unavailable.extensions } }],
      });
      expect(answer?.headers).toEqual({ 'Retry-After': String(unavailable.extensions.retryAfterSeconds) });
    },
  );

  it('given a config whose /graphql backend has no error answers should find none', () => {
    const config = 'frontend f\n    use_backend api if { path /graphql }\nbackend api\n    server a 1.2.3.4:80\n';
    expect(balancerApiAnswers(config).size).toBe(0);
  });
});

describe('the shipped HAProxy config run by the real HAProxy, with its Prometheus exporter', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-haproxy-exporter-'));
  let ports: { balancer: number; exporter: number; server: number };
  let server: http.Server;
  let balancer: ReturnType<typeof spawn> | undefined;
  const config = () => haproxyConfig(ports.balancer, [{ name: 'app1', port: ports.server }], '/readyz', ports.exporter);
  const scrape = async () => (await fetch(`http://127.0.0.1:${ports.exporter}/metrics`)).text();
  const statuses = (requests: (() => Promise<Response>)[]) =>
    Promise.all(requests.map(async (request) => (await request()).status));
  const get = (url: string) => () => fetch(`http://127.0.0.1:${ports.balancer}${url}`);
  const post = () => () =>
    fetch(`http://127.0.0.1:${ports.balancer}/graphql`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });

  beforeAll(async () => {
    ports = { balancer: await freePort(), exporter: await freePort(), server: await freePort() };
    // A server that is ready, answers pages and /graphql, and fails on /boom.
    server = http.createServer((request, response) => {
      response.statusCode = request.url === '/boom' ? 500 : 200;
      response.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(ports.server, '127.0.0.1', resolve));
    fs.writeFileSync(path.join(work, 'haproxy.cfg'), config());
    balancer = spawn(ensureHaproxy(), ['-db', '-f', path.join(work, 'haproxy.cfg')], { stdio: 'ignore' });
    for (let tries = 0; ; tries += 1) {
      const answered = await fetch(`http://127.0.0.1:${ports.balancer}/readyz`).then(
        (r) => r.status,
        () => 0,
      );
      if (answered === 200) break;
      if (tries > 100) throw new Error('HAProxy did not pass a request through within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 20_000);

  afterAll(async () => {
    if (balancer && balancer.exitCode === null) {
      balancer.kill('SIGTERM');
      await new Promise((resolve) => balancer!.once('exit', resolve));
    }
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    fs.rmSync(work, { recursive: true, force: true });
  });

  it("given the test clusters' rewrite should bind the balancer and the exporter each on its own port, and load", () => {
    const binds = config()
      .split('\n')
      .filter((line) => /^\s*bind\s/.test(line))
      .map((line) => line.trim());
    expect(binds).toEqual([`bind 127.0.0.1:${ports.balancer}`, `bind 127.0.0.1:${ports.exporter}`]);
    const check = spawnSync(ensureHaproxy(), ['-c', '-f', path.join(work, 'haproxy.cfg')], { encoding: 'utf8' });
    expect(check.stdout + check.stderr).toContain('Configuration file is valid');
  });

  it("given pages, a failing page and signups should count each backend's requests and 5xx as the clients got them", async () => {
    const before = await scrape();
    const got = await statuses([...Array(8).fill(get('/')), get('/boom'), get('/boom'), post(), post(), post()]);
    expect(got.filter((status) => status >= 500)).toEqual([500, 500]);
    const after = await scrape();
    expect(grown(before, after, 'kasuwa_servers')).toEqual({ requests: 10, answered5xx: 2, connectionErrors: 0 });
    expect(grown(before, after, 'kasuwa_api')).toEqual({ requests: 3, answered5xx: 0, connectionErrors: 0 });
  });

  it('given no server that takes connections should count each request answered 503 once among the 5xx and once as a connection error', async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    const before = await scrape();
    const got = await statuses(Array(4).fill(get('/')));
    expect(got).toEqual([503, 503, 503, 503]);
    expect(grown(before, await scrape(), 'kasuwa_servers')).toEqual({
      requests: 4,
      answered5xx: 4,
      connectionErrors: 4,
    });
  }, 20_000);
});
