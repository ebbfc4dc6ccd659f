/**
 * Every stream to a client goes through `pipeline` here, so a failure on either side ends both streams and
 * never becomes an unhandled `error` that ends the process. Before anything is sent it is answered 500;
 * after, the connection is closed (a cut answer, shorter than its Content-Length). Each failure is logged
 * as what it is; a client that went away is not a failure.
 */
import { once } from 'node:events';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { INTERNAL_ERROR_MESSAGE } from '../../common/messages.js';
import { warn } from '../log.js';

/** What a failed stream was, for the log: the file descriptors ran out, the file went, or something else. */
function described(error: unknown): { msg: string; code?: string; error: string } {
  const code = (error as NodeJS.ErrnoException).code;
  const msg =
    code === 'EMFILE' || code === 'ENFILE'
      ? 'out of file descriptors: answer refused'
      : code === 'ENOENT'
        ? 'file gone before it was read'
        : 'answer stream failed';
  return { msg, ...(code && { code }), error: String(error) };
}

const fstat = promisify(fs.fstat);

function answerFailure(res: ServerResponse, error: unknown, what: string) {
  // The client went away: pipeline ends the source and there is no one to answer.
  if (res.destroyed && (error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
  const { msg, ...fields } = described(error);
  warn(msg, { what, ...fields, sent: res.headersSent });
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify({ error: INTERNAL_ERROR_MESSAGE }));
}

/** Streams `source` to the client; `what` names it in the log. Resolves once the answer ended either way. */
export async function streamToClient(res: ServerResponse, source: Readable, what: string): Promise<void> {
  try {
    await pipeline(source, res);
  } catch (error) {
    answerFailure(res, error, what);
  }
}

/**
 * Sends a file with its Content-Length: opened before anything is sent, so one that cannot be opened
 * (gone since it was found, out of descriptors) is answered 500 rather than cut.
 */
export async function streamFileToClient(req: IncomingMessage, res: ServerResponse, file: string): Promise<void> {
  const source = fs.createReadStream(file);
  let size: number;
  try {
    const [fd] = (await once(source, 'open')) as [number];
    // The file opened, not the name: the name may point elsewhere by now.
    size = (await fstat(fd)).size;
  } catch (error) {
    source.destroy();
    answerFailure(res, error, file);
    return;
  }
  res.setHeader('Content-Length', size);
  if (req.method === 'HEAD') {
    source.destroy();
    res.end();
    return;
  }
  await streamToClient(res, source, file);
}
