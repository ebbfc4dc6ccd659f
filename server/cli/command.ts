import type { Config } from '../config.js';

/** One admin command: `npm run admin -- <name> …`. Returns the process exit code. */
export type AdminCommand = {
  name: string;
  usage: string;
  summary: string;
  run: (args: string[], config: Config) => Promise<number>;
};

/** Thrown by a command for bad arguments: the dispatcher prints the message and the command's usage. */
export class UsageError extends Error {}

/** Writes to stdout, waiting when its buffer is full: a streamed report stays small in memory. */
export async function writeOut(text: string): Promise<void> {
  if (!process.stdout.write(text)) await new Promise((resolve) => process.stdout.once('drain', resolve));
}
