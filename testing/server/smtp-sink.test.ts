import net from 'node:net';
import { expect, it } from 'vitest';
import { startSmtpSink } from './smtp-sink.js';

it('given a client cut off in the middle of a message should record the reset instead of throwing it', async () => {
  const sink = await startSmtpSink();
  const port = Number(new URL(sink.url).port);
  const socket = net.connect(port, '127.0.0.1');
  const replies = ['EHLO client\r\n', 'MAIL FROM:<seller@example.ng>\r\n'];
  // Each server reply prompts the next command; after MAIL FROM's reply the client dies, as a SIGKILLed server would.
  socket.on('data', () => {
    const next = replies.shift();
    if (next) socket.write(next);
    else socket.resetAndDestroy();
  });
  await expect
    .poll(() => sink.connectionErrors.map((error) => (error as NodeJS.ErrnoException).code))
    .toEqual(['ECONNRESET']);
  await sink.close();
});
