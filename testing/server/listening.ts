/**
 * For tests that start the server as a child process: the port it listens on, read from its start-up log
 * line (`"url":"http://localhost:<port>"`), and everything it printed so far, for a failure's message.
 */
import type { ChildProcess } from 'node:child_process';

export async function listeningPort(
  child: ChildProcess,
  what: string,
): Promise<{ port: number; output: () => string }> {
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      const match = /"url":"http:\/\/localhost:(\d+)"/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', () => reject(new Error(`${what} exited before listening:\n${output}`)));
  });
  return { port, output: () => output };
}
