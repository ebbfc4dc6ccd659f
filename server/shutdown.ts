/**
 * Graceful shutdown on SIGTERM / SIGINT: stop accepting connections, let in-flight requests finish
 * (idle keep-alive connections are closed at once, busy ones after their response), then `close()`
 * the running server (which also stops background work: the e-mail outbox after the row
 * being sent, signup retention after its batch), and exit 0. Past SHUTDOWN_TIMEOUT_MS: cut off, exit 1.
 */
import type http from 'node:http';

export const SHUTDOWN_TIMEOUT_MS = 10_000;

type Running = { server: http.Server; close: () => Promise<void> };

export function exitGracefullyOnSignals(
  running: Running,
  log: (msg: string, fields?: Record<string, unknown>) => void,
) {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    log('stopping', { signal });
    setTimeout(() => {
      log('forced exit: work still running after the shutdown timeout', { timeoutMs: SHUTDOWN_TIMEOUT_MS });
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    // A response on a keep-alive connection tells the client not to reuse it.
    running.server.on('request', (_req, res: http.ServerResponse) => res.setHeader('Connection', 'close'));
    const idle = setInterval(() => running.server.closeIdleConnections(), 100);
    try {
      await running.close();
    } catch (error) {
      log('shutdown failed', { error: String(error) });
      process.exit(1);
    }
    clearInterval(idle);
    log('stopped', { ms: Date.now() - started });
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}
