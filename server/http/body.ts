/**
 * Reads a request body with a size limit, for every route that takes one (/graphql, /start-selling,
 * /ingest/*). Over the limit it stops reading and throws BodyTooLarge, so the route answers 413
 * without buffering what a client sends beyond it.
 */
import type { IncomingMessage } from 'node:http';

export class BodyTooLarge extends Error {
  constructor(readonly limitBytes: number) {
    super(`Request body is larger than ${limitBytes} bytes`);
  }
}

export async function readBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) throw new BodyTooLarge(limitBytes);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) throw new BodyTooLarge(limitBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}
