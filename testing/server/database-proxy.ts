/**
 * For outage tests: a TCP relay in front of the test PostgreSQL (or SMTP sink) that a test can take
 * away. refuse(): cut and stop listening (as when it is down); hang(): cut, then accept and never
 * answer; silence(): keep connections open but let nothing through (a server or network gone silent
 * mid-session); relay(): forward again on the same port.
 */
import net from 'node:net';

export type DatabaseProxy = {
  /** The database URL through the relay. */
  url: string;
  refuse(): Promise<void>;
  hang(): void;
  silence(): void;
  relay(): Promise<void>;
  close(): Promise<void>;
};

export async function databaseProxy(databaseUrl: string): Promise<DatabaseProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  let hanging = false;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (hanging) return;
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    // Not pipe(): silence() drops what either side sends, as a network that lost its packets.
    client.on('data', (chunk) => hanging || upstream.write(chunk));
    upstream.on('data', (chunk) => hanging || client.write(chunk));
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const cut = () => {
    for (const socket of sockets) socket.destroy();
  };
  const stop = async () => {
    cut();
    if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    refuse: stop,
    hang() {
      hanging = true;
      cut();
    },
    silence() {
      hanging = true;
    },
    async relay() {
      hanging = false;
      cut();
      if (!server.listening) await listen(port);
    },
    close: stop,
  };
}
