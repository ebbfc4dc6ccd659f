/**
 * Static files from a build directory, with precompressed `.br` / `.gz` siblings (written at build
 * time) chosen by Accept-Encoding, ETags, and caching by kind: content-hashed names are immutable for
 * a year, everything else revalidates. A hashed file this build lacks comes from the other builds kept
 * (previous-builds.ts), so a page from before or after a deploy still gets it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { previousBuilds } from './previous-builds.js';
import { dropDocumentHeaders } from './security.js';
import { streamFileToClient } from './stream-to-client.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.d.ts': 'text/plain; charset=utf-8',
  '.zip': 'application/zip',
};
/** Never rendered as a document (unlike HTML, SVG or plain text): the document headers do nothing. */
const SUBRESOURCES = new Set(['.js', '.mjs', '.css', '.json', '.png', '.webp', '.avif', '.ico', '.woff2', '.map']);
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.xml', '.webmanifest', '.map']);
/**
 * `name-AbC123xy.js`, `chunk-ABCDEF12.js`: an 8+ character hash before the extension, with a digit or a
 * capital in it, so a word (`custom-elements.json`, `kasuwa-wordpress.zip`) is not taken for one.
 */
export const HASHED = /[.-](?=[\w-]*[A-Z0-9])[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

type Entry = { file: string; size: number; etag: string; variants: { br?: string; gzip?: string } };

export class StaticFiles {
  /**
   * Found files only, keyed by their resolved path: misses are never remembered (a stream of random
   * URLs would otherwise grow it without end, docs/security.md), and two spellings of one
   * path share an entry, so it holds at most one entry per file under the root.
   */
  private readonly found = new Map<string, Entry>();
  /** The build this server started with: one swapped into dist/ later is served after a restart. */
  private readonly root: string;
  private readonly otherBuilds: () => string[];

  constructor(
    root: string,
    private readonly options: {
      immutableHashed: boolean;
      /** Every file, hashed name or not: a released version's folder, which never changes. */
      immutableAll?: boolean;
      previousBuilds?: boolean;
    },
  ) {
    this.root = fs.existsSync(root) ? fs.realpathSync(root) : root;
    this.otherBuilds = options.previousBuilds ? previousBuilds(this.root) : () => [];
  }

  /** How many files it remembers (never more than the files under the root). */
  get size(): number {
    return this.found.size;
  }

  /** Resolves a URL path (already decoded) inside the root; undefined when there is no such file. */
  lookup(urlPath: string): Entry | undefined {
    const entry = this.lookupIn(this.root, urlPath);
    if (entry || !HASHED.test(urlPath)) return entry;
    for (const root of this.otherBuilds()) {
      const other = this.lookupIn(root, urlPath);
      if (other) return other;
    }
    return undefined;
  }

  private lookupIn(root: string, urlPath: string): Entry | undefined {
    const file = path.join(root, path.normalize(urlPath));
    if (!file.startsWith(root + path.sep)) return undefined;
    const cached = this.found.get(file);
    // Another build's file goes when the next build sweeps that build: checked again, and forgotten then.
    if (cached && (root === this.root || fs.existsSync(file))) return cached;
    this.found.delete(file);
    let stat: fs.Stats | undefined;
    try {
      // No exception for the common miss: a 404 stays cheap without remembering it.
      stat = fs.statSync(file, { throwIfNoEntry: false });
    } catch {
      return undefined; // e.g. ENOTDIR, a name too long
    }
    if (!stat?.isFile()) return undefined;
    const variant = (suffix: string) => (fs.existsSync(file + suffix) ? file + suffix : undefined);
    const entry: Entry = {
      file,
      size: stat.size,
      etag: `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`,
      variants: { br: variant('.br'), gzip: variant('.gz') },
    };
    this.found.set(file, entry);
    return entry;
  }

  /** Sends a file found by lookup(); `status` lets the not-found page go out as 404. */
  async send(req: IncomingMessage, res: ServerResponse, entry: Entry, status = 200): Promise<void> {
    const ext = entry.file.endsWith('.d.ts') ? '.d.ts' : path.extname(entry.file);
    res.setHeader('Content-Type', TYPES[ext] ?? 'application/octet-stream');
    if (SUBRESOURCES.has(ext)) dropDocumentHeaders(res);
    const immutable =
      (this.options.immutableAll || (this.options.immutableHashed && HASHED.test(path.basename(entry.file)))) &&
      ext !== '.html';
    // Only the headers a browser uses (about 12 responses before a phone can use the home page): an
    // immutable file is never revalidated, so it has no ETag, and `public` is the default without
    // Authorization.
    res.setHeader(
      'Cache-Control',
      status !== 200 ? 'no-store' : immutable ? 'max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
    );
    if (!immutable) res.setHeader('ETag', entry.etag);
    if (COMPRESSIBLE.has(ext)) res.setHeader('Vary', 'Accept-Encoding');
    if (status === 200 && !immutable && req.headers['if-none-match'] === entry.etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const accepts = String(req.headers['accept-encoding'] ?? '');
    let file = entry.file;
    if (entry.variants.br && /\bbr\b/.test(accepts)) {
      file = entry.variants.br;
      res.setHeader('Content-Encoding', 'br');
    } else if (entry.variants.gzip && /\bgzip\b/.test(accepts)) {
      file = entry.variants.gzip;
      res.setHeader('Content-Encoding', 'gzip');
    }
    res.statusCode = status;
    return streamFileToClient(req, res, file);
  }
}

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
    res.setHeader('Cache-Control', status === 200 ? 'public, max-age=0, must-revalidate' : 'no-store');
    res.setHeader('ETag', entry.etag);
    res.setHeader('Vary', 'Accept-Encoding');
    if (status === 200 && req.headers['if-none-match'] === entry.etag) {
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
