/**
 * A real SMTP server on a free loopback port (smtp-server) that keeps every message it receives: the
 * mail tests, the several-servers tests, the cluster and the mail bench all use this one. `refuse`
 * answers RCPT TO with that code (a 5xx refusal, a 4xx try-later); `refuseMailFrom` and
 * `refuseConnection` refuse the sender or the whole session (changeable while it runs).
 */
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; messageId: string; raw: string };

export type SmtpSinkOptions = {
  /** Answer RCPT TO with this code. */
  refuse?: number;
  /** Answer MAIL FROM with this code (the relay refuses our sender, e.g. 550 or 530 authentication required). */
  refuseMailFrom?: number;
  /** Answer the connection with this code instead of the 220 greeting (e.g. 554), then close it. */
  refuseConnection?: number;
  /** Wait this long before greeting each connection (a slow relay). */
  greetingDelayMs?: number;
};

export async function startSmtpSink(refuseOrOptions?: number | SmtpSinkOptions) {
  const options: SmtpSinkOptions =
    typeof refuseOrOptions === 'number' ? { refuse: refuseOrOptions } : { ...refuseOrOptions };
  const received: ReceivedMail[] = [];
  const refusal = (message: string, responseCode: number) => Object.assign(new Error(message), { responseCode });
  let connections = 0;
  let open = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      open += 1;
      const answer = () =>
        callback(options.refuseConnection ? refusal('relay unavailable', options.refuseConnection) : undefined);
      if (options.greetingDelayMs) setTimeout(answer, options.greetingDelayMs);
      else answer();
    },
    onClose() {
      open -= 1;
    },
    onMailFrom(address, _session, callback) {
      if (!options.refuseMailFrom) return callback();
      callback(refusal(`sender ${address.address} refused`, options.refuseMailFrom));
    },
    onRcptTo(address, _session, callback) {
      if (!options.refuse) return callback();
      callback(refusal(`mailbox ${address.address} refused`, options.refuse));
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
    /** The refusals in force; change them to make the relay refuse or accept from now on. */
    options,
    /** SMTP connections opened so far, and those still open. */
    connections: () => ({ total: connections, open }),
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
