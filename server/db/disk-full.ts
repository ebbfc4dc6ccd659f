/**
 * A full disk under the SQLite file, said as such (docs/operations.md "A full disk"): SQLITE_FULL, or an
 * SQLITE_IOERR while that disk has (almost) no space left (ENOSPC), becomes DiskFull, naming the folder.
 * A COMMIT that fails so has already rolled back: Kysely's ROLLBACK after it would fail with "cannot
 * rollback - no transaction is active" and hide the cause, so the dialect skips it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import {
  type AbortableOperationOptions,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SqliteDialect,
  SqliteDriver,
} from 'kysely';

/** Below this much free space, an I/O error on the database is the disk being full. */
const NEARLY_FULL_BYTES = 1024 * 1024;

export class DiskFull extends Error {
  /** The code availability.ts counts as "unavailable": nothing was written, try again once there is room. */
  readonly code = 'SQLITE_FULL';
  constructor(folder: string, freeBytes: number | undefined, cause: Error & { code?: string }) {
    const free = freeBytes === undefined ? 'unknown space' : `${Math.floor(freeBytes / 1024)} kB`;
    super(
      `the disk holding DATA_DIR is full: ${folder} has ${free} free (${cause.code}: ${cause.message}); free space there, the database takes writes again at once`,
      { cause },
    );
  }
  /** As logged (`String(error)`): the message alone. */
  override toString(): string {
    return this.message;
  }
}

function freeBytes(folder: string): number | undefined {
  try {
    const stats = fs.statfsSync(folder);
    return stats.bavail * stats.bsize;
  } catch {
    return undefined;
  }
}

/** `error` as DiskFull when it is the disk under `sqlite`'s file being full, else undefined. */
export function asDiskFull(error: unknown, sqlite: SQLite.Database): DiskFull | undefined {
  if (error instanceof DiskFull) return error;
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  if (typeof code !== 'string' || !/^SQLITE_(FULL|IOERR)/.test(code)) return undefined;
  const folder = path.dirname(path.resolve(sqlite.name));
  const free = freeBytes(folder);
  if (code.startsWith('SQLITE_IOERR') && !(free !== undefined && free < NEARLY_FULL_BYTES)) return undefined;
  return new DiskFull(folder, free, error as Error);
}

/** Whether `error` or one of its causes is a full disk (the ingest answers 503). */
export function isDiskFull(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if (current instanceof DiskFull || (current as { code?: unknown }).code === 'SQLITE_FULL') return true;
    current = current.cause;
  }
  return false;
}

function translating(inner: DatabaseConnection, sqlite: SQLite.Database): DatabaseConnection {
  const translate = (error: unknown) => asDiskFull(error, sqlite) ?? error;
  return {
    async executeQuery<R>(query: CompiledQuery, options?: AbortableOperationOptions): Promise<QueryResult<R>> {
      try {
        return await inner.executeQuery<R>(query, options);
      } catch (error) {
        throw translate(error);
      }
    },
    async *streamQuery<R>(
      query: CompiledQuery,
      chunkSize: number,
      options?: AbortableOperationOptions,
    ): AsyncIterableIterator<QueryResult<R>> {
      try {
        yield* inner.streamQuery<R>(query, chunkSize, options);
      } catch (error) {
        throw translate(error);
      }
    },
  };
}

class DiskAwareDriver extends SqliteDriver {
  #connection: DatabaseConnection | undefined;
  constructor(private readonly sqlite: SQLite.Database) {
    super({ database: sqlite });
  }
  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    this.#connection ??= translating(connection, this.sqlite);
    return this.#connection;
  }
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.sqlite.inTransaction) await super.rollbackTransaction(connection);
  }
}

/** Kysely's SQLite dialect, with full disks said as such. */
export class DiskAwareSqliteDialect extends SqliteDialect {
  constructor(private readonly sqlite: SQLite.Database) {
    super({ database: sqlite });
  }
  override createDriver(): Driver {
    return new DiskAwareDriver(this.sqlite);
  }
}
