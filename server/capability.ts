/**
 * The capability module contract (README "Architecture"): each capability's entry,
 * `server/<capability>/index.ts`, has a `create(deps)` that takes plain values (never Config) and returns a
 * Capability; its metrics it registers on the registry in its deps. server/services.ts lists the modules;
 * server/server.ts starts their jobs once it listens, and stops them, then the modules, in reverse order.
 */
import type { OutboxKind } from './mail/message.js';
import type { MailHandler } from './mail/worker.js';

/** Background work (a retention pass, the mail worker): started once the server listens, stopped at shutdown. */
export type Job = {
  name: string;
  start(): { stop(): Promise<void> };
};

export type Capability<Api, Kind extends OutboxKind = never> = {
  /** What the transports (server/http, server/graphql, the CLI) or other modules call. */
  api: Api;
  jobs?: readonly Job[];
  /** Releases what it holds (timers, connections); the database is the root's to close. */
  close?(): Promise<void>;
} & ([Kind] extends [never]
  ? { mailHandlers?: undefined }
  : {
      /** Its mails, one handler per outbox kind it queues, for the delivery worker. */
      mailHandlers: Record<Kind, MailHandler>;
    });

/** Starts every job of `modules`, in order; `stop()` stops them in the reverse order. */
export function startJobs(modules: readonly Pick<Capability<unknown>, 'jobs'>[]): { stop(): Promise<void> } {
  const running = modules.flatMap((module) => module.jobs ?? []).map((job) => job.start());
  return {
    async stop() {
      for (const job of [...running].reverse()) await job.stop();
    },
  };
}

/** Closes every module of `modules` in the reverse order. */
export async function closeAll(modules: readonly Pick<Capability<unknown>, 'close'>[]): Promise<void> {
  for (const module of [...modules].reverse()) await module.close?.();
}
