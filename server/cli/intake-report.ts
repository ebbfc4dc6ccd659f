/** What the import commands share: open the database, progress on stderr, the rejection report. */
import fs from 'node:fs';
import type { Config } from '../config.js';
import { IntakeRejected } from '../contest/intake-rules.js';
import { ContestBusy, type ContestStorage } from '../contest/storage.js';
import { contestStorageFor } from '../contest/storage-for-database.js';
import { UsageError } from './command.js';
import { withDatabase } from './with-database.js';

/** The contest storage of the configured database, with standings current and ready for a large import. */
export async function withContestStorage<T>(
  config: Config,
  work: (storage: ContestStorage) => T | Promise<T>,
): Promise<T> {
  return withDatabase(config, async (opened) => {
    const storage = contestStorageFor(opened);
    await storage.ensureStandings(config.campaign);
    storage.prepareBulkImport();
    return work(storage);
  });
}

export function readInputFile(args: string[]): string {
  const [file, ...rest] = args;
  if (!file || rest.length) throw new UsageError('Give exactly one CSV file.');
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}

/** A progress line on stderr (synchronous, so it shows while a long transaction runs). */
export function progress(what: string, started = performance.now()) {
  return (done: number) => {
    const seconds = (performance.now() - started) / 1000;
    fs.writeSync(
      2,
      `${what}: ${done.toLocaleString('en-NG')} rows (${Math.round(done / seconds).toLocaleString('en-NG')}/s)\n`,
    );
  };
}

/** Prints every bad line (or that the database is busy) and returns the exit code 1, or rethrows anything else. */
export function reportRejected(error: unknown, file: string): number {
  if (error instanceof ContestBusy) {
    console.error(`${file}: ${error.message} Try again shortly.`);
    return 1;
  }
  if (!(error instanceof IntakeRejected)) throw error;
  for (const { line, reason } of error.errors) console.error(`${file}:${line}: ${reason}`);
  console.error(
    `rejected: ${error.errors.length} bad line${error.errors.length === 1 ? '' : 's'}; nothing was applied`,
  );
  return 1;
}
