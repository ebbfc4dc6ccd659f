/**
 * The HTTP server with bounds on what one client can hold, one JSON log line per request, and a
 * guard that turns a route's unexpected failure into a plain 500 instead of a dropped connection.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { INTERNAL_ERROR_MESSAGE } from '../../common/messages.js';
import { maskPersonal } from '../personal-segments.js';

export const HTTP_LIMITS = {
  /** A client must finish sending its request headers within this time (slowloris). */
  headersTimeoutMs: 10_000,
  /** …and the whole request, body included. */
  requestTimeoutMs: 30_000,
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: 5_000,
  /** Requests on one keep-alive connection before the server asks the client to reconnect. */
  maxRequestsPerSocket: 10_000,
  /** Open connections at once; further ones are refused until some close. */
  maxConnections: 10_000,
  /** Request header bytes (Node's default, stated here so it is one of our documented numbers). */
  maxHeaderSize: 16 * 1024,
} as const;

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

/** Told of every finished request (metrics): status 0 when the client went away before the answer. */
export type ResponseObserver = (req: IncomingMessage, status: number, seconds: number) => void;

export function createHardenedServer(
  handler: Handler,
  write: (line: string) => void,
  observe: ResponseObserver = () => {},
): http.Server {
  const server = http.createServer(
    {
      headersTimeout: HTTP_LIMITS.headersTimeoutMs,
      requestTimeout: HTTP_LIMITS.requestTimeoutMs,
      maxHeaderSize: HTTP_LIMITS.maxHeaderSize,
      // How often Node checks the two timeouts above (its default, 30 s, would let them overrun).
      connectionsCheckingInterval: 1_000,
    },
    (req, res) => {
      const started = process.hrtime.bigint();
      res.once('close', () => {
        // Status 0 only when the client left before we answered. Not writableFinished (nor writableEnded):
        // a client that has read the whole body hangs up before the file stream's end reaches them.
        const status = res.headersSent ? res.statusCode : 0;
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        write(requestLogLine({ method: req.method ?? '', url: req.url ?? '', status, ms }));
        observe(req, status, ms / 1000);
      });
      Promise.resolve()
        .then(() => handler(req, res))
        .catch((error) => {
          console.error(JSON.stringify({ level: 'error', msg: 'request failed', error: String(error) }));
          if (!res.headersSent) {
            res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
            res.end(JSON.stringify({ error: INTERNAL_ERROR_MESSAGE }));
          } else {
            res.destroy();
          }
        });
    },
  );
  server.keepAliveTimeout = HTTP_LIMITS.keepAliveTimeoutMs;
  server.maxRequestsPerSocket = HTTP_LIMITS.maxRequestsPerSocket;
  server.maxConnections = HTTP_LIMITS.maxConnections;
  return server;
}

/**
 * One line per request: method, path, status (0 when the client went away before the answer), duration. The query
 * string is dropped and a path segment that holds an e-mail address or a long number is masked (server/personal-segments.ts); the client's
 * IP is never logged.
 */
export function requestLogLine(entry: { method: string; url: string; status: number; ms: number }): string {
  const path = (entry.url.split(/[?#]/, 1)[0] ?? '').slice(0, 200);
  const masked = maskPersonal(path);
  return JSON.stringify({
    level: 'info',
    time: new Date().toISOString(),
    msg: 'request',
    method: entry.method.slice(0, 16),
    path: masked,
    status: entry.status,
    ms: Math.round(entry.ms * 10) / 10,
  });
}

/** Where request lines go: stdout, or nowhere with LOG_REQUESTS=off (config.logRequests). */
export function requestLogWriter(enabled: boolean): (line: string) => void {
  return enabled ? (line) => process.stdout.write(`${line}\n`) : () => {};
}
