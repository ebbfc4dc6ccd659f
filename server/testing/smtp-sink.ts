/**
 * A real SMTP server on a free loopback port (smtp-server) that keeps every message it receives: the
 * mail tests, the several-servers tests and the multi-server cluster all use this one. With `refuse`
 * it answers RCPT TO with that code (a 5xx refusal, a 4xx try-later).
 */
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; messageId: string; raw: string };

export async function startSmtpSink(refuse?: number) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refuse) return callback();
      callback(Object.assign(new Error(`mailbox ${address.address} refused`), { responseCode: refuse }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const messageId = /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? '';
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          messageId,
          raw,
        });
        callback();
      });
    },
  });
  // A client that dies mid-session (a SIGKILLed server) resets its connection; smtp-server re-emits that
  // on the server, where it would be an uncaught exception, so the sink keeps it here.
  const connectionErrors: Error[] = [];
  server.on('error', (error: Error) => connectionErrors.push(error));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    received,
    connectionErrors,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
