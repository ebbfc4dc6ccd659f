/**
 * A partner's own origin for one test file: a server on localhost (another origin than the product's
 * 127.0.0.1) answering each path with its page, started before the file's tests and closed after.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from '@playwright/test';

/** `pages` maps a path to its HTML (other paths: 404); `url` is the origin with a trailing slash, once started. */
export function partnerOrigin(pages: () => Record<string, string>, headers: Record<string, string> = {}) {
  const origin = { url: '' };
  let server: http.Server;
  test.beforeAll(async () => {
    const answers = pages();
    server = http.createServer((req, res) => {
      const page = answers[req.url ?? '/'];
      res.writeHead(page === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8', ...headers });
      res.end(page ?? 'not found');
    });
    await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
    origin.url = `http://localhost:${(server.address() as AddressInfo).port}/`;
  });
  test.afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  return origin;
}
