/**
 * A stream to a client that fails is answered, never left to end the process: 500 before anything was
 * sent, a closed connection (an answer shorter than its Content-Length) after.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { streamFileToClient, streamToClient } from './stream-to-client.js';

let server: http.Server | undefined;
afterEach(() => server?.close());

async function serve(handler: http.RequestListener): Promise<string> {
  server = http.createServer(handler);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('streams to a client', () => {
  it('given a file that cannot be opened should answer 500 with the JSON error', async () => {
    const base = await serve((req, res) => {
      res.setHeader('Content-Type', 'text/javascript');
      void streamFileToClient(req, res, '/nonexistent/kasuwa-widgets.js');
    });
    const response = await fetch(base);
    expect([response.status, response.headers.get('content-type'), await response.json()]).toEqual([
      500,
      'application/json; charset=utf-8',
      { error: expect.stringContaining('Something went wrong') },
    ]);
  });

  it('given a source that fails after its first bytes should close the connection, the answer visibly cut', async () => {
    const base = await serve((_req, res) => {
      res.setHeader('Content-Length', 1000);
      async function* failing() {
        yield 'first bytes';
        throw new Error('the disk went away');
      }
      void streamToClient(res, Readable.from(failing()), 'a failing source');
    });
    const response = await fetch(base);
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
    // The server is still there for the next request.
    await expect(fetch(base).then((next) => next.status)).resolves.toBe(200);
  });
});
