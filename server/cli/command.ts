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
