import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BodyTooLarge, readBody } from './body.js';

function request(chunks: string[], headers: Record<string, string> = {}): IncomingMessage {
  return Object.assign(Readable.from(chunks.map((chunk) => Buffer.from(chunk))), {
    headers,
  }) as unknown as IncomingMessage;
}

describe('readBody', () => {
  it('given a body within the limit should return all of it', async () => {
    expect((await readBody(request(['ab', 'cd']), 4)).toString()).toBe('abcd');
  });

  it('given a streamed body over the limit should throw BodyTooLarge', async () => {
    await expect(readBody(request(['abc', 'de']), 4)).rejects.toBeInstanceOf(BodyTooLarge);
  });

  it('given a declared length over the limit should refuse before reading', async () => {
    await expect(readBody(request([], { 'content-length': '5000' }), 4)).rejects.toBeInstanceOf(BodyTooLarge);
  });
});
