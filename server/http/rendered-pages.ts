/**
 * Pages the server rendered at start with its own configuration, held in memory by their path under
 * dist/site (MemoryFiles), each compressed once as soon as it is added.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { matchesEtag, REVALIDATE, TYPES } from './static.js';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type MemoryEntry = { body: Buffer; type: string; etag: string; br: Promise<Buffer>; gzip: Promise<Buffer> };

/**
 * Pages the server rendered at start with its own configuration (PUBLIC_URL, the third-party IDs), kept
 * in memory by their path under dist/site, so nothing configured is baked into dist/. Each is
 * compressed once, off the event loop, as soon as it is added; a request that comes sooner waits for it.
 */
export class MemoryFiles {
  private readonly files = new Map<string, MemoryEntry>();

  constructor(pages: { file: string; html: string }[]) {
    for (const page of pages) {
      const body = Buffer.from(page.html);
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
      const br = brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
      const gz = gzip(body, { level: 9 });
      // Never an unhandled rejection: a failed compression is seen by the request that awaits it.
      br.catch(() => {});
      gz.catch(() => {});
      const type = TYPES[path.extname(page.file)] ?? 'application/octet-stream';
      this.files.set(`/${page.file.replace(/^\/+/, '')}`, { body, type, etag, br, gzip: gz });
    }
  }

  lookup(urlPath: string): MemoryEntry | undefined {
    return this.files.get(urlPath);
  }

  async send(req: IncomingMessage, res: ServerResponse, entry: MemoryEntry, status = 200): Promise<void> {
    res.setHeader('Content-Type', entry.type);
    res.setHeader('Cache-Control', status === 200 ? REVALIDATE : 'no-store');
    res.setHeader('ETag', entry.etag);
    res.setHeader('Vary', 'Accept-Encoding');
    if (status === 200 && matchesEtag(req.headers['if-none-match'], entry.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const accepts = String(req.headers['accept-encoding'] ?? '');
    let body = entry.body;
    if (/\bbr\b/.test(accepts)) {
      body = await entry.br;
      res.setHeader('Content-Encoding', 'br');
    } else if (/\bgzip\b/.test(accepts)) {
      body = await entry.gzip;
      res.setHeader('Content-Encoding', 'gzip');
    }
    res.statusCode = status;
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  }
}
