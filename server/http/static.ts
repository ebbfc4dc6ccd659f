/**
 * Static files of a build with their precompressed `.br` / `.gz` siblings, chosen by Accept-Encoding, with
 * ETags and caching by kind (hashed names immutable for a year, the rest revalidate). The server's own build
 * is read into memory at start and answered with no filesystem call; a hashed file it lacks comes from the
 * other builds kept (previous-builds.ts), read on first ask within ON_ASK_MEMORY_BYTES.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { previousBuilds } from './previous-builds.js';
import { dropDocumentHeaders } from './security.js';
import { streamFileToClient } from './stream-to-client.js';

export const TYPES: Record<string, string> = {
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

/** A file read from disk on each request (SITE_RENDER=on-request, `npm run dev`: its folders change). */
type DiskEntry = { file: string; size: number; etag: string; variants: { br?: string; gzip?: string } };
/** A file held in memory with its precompressed bytes: answered with no filesystem call. */
type HeldEntry = {
  file: string;
  size: number;
  type: string;
  /** Cached for a year and never revalidated: sent without its ETag (unless asked for by an alias). */
  immutable: boolean;
  /** A content-hashed name: immutable whichever URL reaches it. */
  hashed: boolean;
  etag: string;
  subresource: boolean;
  compressible: boolean;
  bodies: { identity: Buffer; br?: Buffer; gzip?: Buffer };
  bytes: number;
};
export type Entry = DiskEntry | HeldEntry;

/** Files larger than this are streamed from disk rather than held (none in a build today). */
const HOLD_AT_MOST_BYTES = 16 * 1024 * 1024;
/**
 * Memory for files read on first ask (another build's chunks for pages opened before a deploy, an exact
 * released version): the least recently asked go first beyond this.
 */
export const ON_ASK_MEMORY_BYTES = 64 * 1024 * 1024;
/** `.br` and `.gz` siblings are a file's other encodings, never files of their own. */
const SIBLING = /\.(br|gz)$/;

const readIfFile = (file: string): Buffer | undefined => {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined; // gone, a folder, ENOTDIR, a name too long
  }
};

/** A content-hashed name, or a released version's folder under its exact version: never changes. */
const IMMUTABLE = 'max-age=31536000, immutable';
/**
 * A name whose bytes change with each deploy: pages, and what the site itself loads. A browser
 * revalidates it by ETag on every use; a shared cache in front (a CDN) may answer from its copy for a
 * minute, so a deploy reaches readers through it within a minute and breaks nothing meanwhile: the
 * hashed files an older page names stay served (docs/scaling.md "A cache in front").
 */
export const REVALIDATE = 'public, max-age=0, s-maxage=60, must-revalidate';
/**
 * An alias, `/widgets/v<major>/` and the unversioned `/widgets/`: the loader every partner's page asks
 * for on every view. A browser or a shared cache keeps it 5 minutes, then for up to a day uses its copy
 * once more while it fetches the new one: a fix reaches a reader on their first view 5 minutes after
 * the deploy (their second one if that view falls in the day after), and every view after a day and
 * 5 minutes (docs/embedding.md#versions, docs/deploying.md).
 */
export const ALIAS_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=86400';

function cacheControl(status: number, immutable: boolean, alias: boolean): string {
  if (status !== 200) return 'no-store';
  return immutable ? IMMUTABLE : alias ? ALIAS_CACHE_CONTROL : REVALIDATE;
}

/** Whether one of the tags an If-None-Match header lists (weak or strong) is `etag`. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** The bytes an Accept-Encoding header takes: brotli, then gzip, then as they are. */
function chooseEncoding(entry: HeldEntry, accepts: string): 'br' | 'gzip' | undefined {
  if (entry.bodies.br && /\bbr\b/.test(accepts)) return 'br';
  if (entry.bodies.gzip && /\bgzip\b/.test(accepts)) return 'gzip';
  return undefined;
}

/**
 * Answers a held file: a strong ETag per encoding (the content's SHA-256 and the encoding), 304 when the
 * client holds it, HEAD without the body; nothing touches the disk.
 */
function sendHeld(req: IncomingMessage, res: ServerResponse, entry: HeldEntry, status: number, alias: boolean): void {
  res.setHeader('Content-Type', entry.type);
  if (entry.subresource) dropDocumentHeaders(res);
  const immutable = entry.immutable && (entry.hashed || !alias);
  res.setHeader('Cache-Control', cacheControl(status, immutable, alias));
  if (entry.compressible) res.setHeader('Vary', 'Accept-Encoding');
  const encoding = chooseEncoding(entry, String(req.headers['accept-encoding'] ?? ''));
  if (!immutable) {
    const etag = encoding ? `${entry.etag.slice(0, -1)}-${encoding}"` : entry.etag;
    res.setHeader('ETag', etag);
    if (status === 200 && matchesEtag(req.headers['if-none-match'], etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
  }
  const body = encoding ? (entry.bodies[encoding] as Buffer) : entry.bodies.identity;
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.statusCode = status;
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

export class StaticFiles {
  /**
   * Disk mode: found files only, keyed by their resolved path: misses are never remembered (a stream of
   * random URLs would otherwise grow it without end, docs/security.md), and two spellings of one path
   * share an entry, so it holds at most one entry per file under the root.
   */
  private readonly found = new Map<string, DiskEntry>();
  /** Every file of the root, by URL path, read at start ('all'). */
  private readonly held = new Map<string, HeldEntry>();
  /**
   * Files read on first ask, by resolved path, least recently asked first, within ON_ASK_MEMORY_BYTES:
   * the root's ('on-ask') and other builds'.
   */
  private readonly onAsk = new Map<string, HeldEntry>();
  private onAskBytes = 0;
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
      /**
       * Where answers come from: 'all' (the default) reads every file of the root into memory now, for a
       * build that never changes under a running server; 'on-ask' reads each when first asked for (a
       * released version); 'disk' reads the disk on every request (`npm run dev`, whose folders change).
       * Other builds' files are read on first ask unless 'disk'.
       */
      memory?: 'all' | 'on-ask' | 'disk';
      /** The clock the list of other builds is reread on (tests). */
      now?: () => number;
    },
  ) {
    this.root = fs.existsSync(root) ? fs.realpathSync(root) : root;
    this.otherBuilds = options.previousBuilds ? previousBuilds(this.root, options.now) : () => [];
    if (this.mode === 'all' && fs.existsSync(this.root)) this.holdAll();
  }

  private get mode() {
    return this.options.memory ?? 'all';
  }

  /** How many files it remembers (never more than the files under the root and the other builds'). */
  get size(): number {
    return this.found.size + this.held.size + this.onAsk.size;
  }

  /** The bytes it holds in memory, every encoding counted (docs/deploying.md, "Memory"). */
  get heldBytes(): number {
    let bytes = this.onAskBytes;
    for (const entry of this.held.values()) bytes += entry.bytes;
    return bytes;
  }

  /** Resolves a URL path (already decoded) inside the root; undefined when there is no such file. */
  lookup(urlPath: string): Entry | undefined {
    if (this.mode === 'all') {
      const held = this.held.get(urlPath) ?? this.held.get(path.posix.join('/', path.posix.normalize(urlPath)));
      if (held || !HASHED.test(urlPath)) return held;
    } else {
      const entry = this.mode === 'disk' ? this.lookupOnDisk(this.root, urlPath) : this.lookupOnAsk(this.root, urlPath);
      if (entry || !HASHED.test(urlPath)) return entry;
    }
    for (const root of this.otherBuilds()) {
      const other = this.mode === 'disk' ? this.lookupOnDisk(root, urlPath) : this.lookupOnAsk(root, urlPath);
      if (other) return other;
    }
    return undefined;
  }

  /** The file `urlPath` names under `root`, or undefined when it would be outside. */
  private resolve(root: string, urlPath: string): string | undefined {
    const file = path.join(root, path.normalize(urlPath));
    return file.startsWith(root + path.sep) ? file : undefined;
  }

  private holdAll(): void {
    for (const dirent of fs.readdirSync(this.root, { recursive: true, withFileTypes: true })) {
      if (!dirent.isFile() || SIBLING.test(dirent.name)) continue;
      const file = path.join(dirent.parentPath, dirent.name);
      const entry = this.read(file);
      if (entry) this.held.set(`/${path.relative(this.root, file).split(path.sep).join('/')}`, entry);
    }
  }

  /** A file and its `.br` / `.gz` siblings read whole, or undefined when it is not a file (or too big). */
  private read(file: string): HeldEntry | undefined {
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(file, { throwIfNoEntry: false });
    } catch {
      return undefined;
    }
    if (!stat?.isFile() || stat.size > HOLD_AT_MOST_BYTES) return undefined;
    const identity = readIfFile(file);
    if (!identity) return undefined;
    const ext = file.endsWith('.d.ts') ? '.d.ts' : path.extname(file);
    const compressible = COMPRESSIBLE.has(ext);
    const br = compressible ? readIfFile(`${file}.br`) : undefined;
    const gzip = compressible ? readIfFile(`${file}.gz`) : undefined;
    const immutable = this.immutable(file, ext);
    return {
      file,
      size: identity.length,
      type: TYPES[ext] ?? 'application/octet-stream',
      immutable,
      hashed: HASHED.test(path.basename(file)),
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
      subresource: SUBRESOURCES.has(ext),
      compressible,
      bodies: { identity, br, gzip },
      bytes: identity.length + (br?.length ?? 0) + (gzip?.length ?? 0),
    };
  }

  private immutable(file: string, ext: string): boolean {
    return (
      (this.options.immutableAll || (this.options.immutableHashed && HASHED.test(path.basename(file)))) &&
      ext !== '.html'
    );
  }

  private lookupOnAsk(root: string, urlPath: string): HeldEntry | DiskEntry | undefined {
    const file = this.resolve(root, urlPath);
    if (!file || SIBLING.test(file)) return undefined;
    const cached = this.onAsk.get(file);
    if (cached) {
      // Another build's file goes once the next build sweeps that build (the list is reread every few seconds).
      if (root !== this.root && !this.otherBuilds().some((other) => file.startsWith(other + path.sep))) {
        this.forget(file, cached);
        return undefined;
      }
      // Most recently asked last.
      this.onAsk.delete(file);
      this.onAsk.set(file, cached);
      return cached;
    }
    const entry = this.read(file);
    if (!entry) return this.lookupOnDisk(root, urlPath, { bigOnly: true });
    this.onAsk.set(file, entry);
    this.onAskBytes += entry.bytes;
    for (const [oldest, old] of this.onAsk) {
      if (this.onAskBytes <= ON_ASK_MEMORY_BYTES || oldest === file) break;
      this.forget(oldest, old);
    }
    return entry;
  }

  private forget(file: string, entry: HeldEntry) {
    this.onAsk.delete(file);
    this.onAskBytes -= entry.bytes;
  }

  private lookupOnDisk(root: string, urlPath: string, { bigOnly = false } = {}): DiskEntry | undefined {
    const file = this.resolve(root, urlPath);
    if (!file) return undefined;
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
    if (!stat?.isFile() || (bigOnly && stat.size <= HOLD_AT_MOST_BYTES)) return undefined;
    const variant = (suffix: string) => (fs.existsSync(file + suffix) ? file + suffix : undefined);
    const entry: DiskEntry = {
      file,
      size: stat.size,
      etag: `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`,
      variants: { br: variant('.br'), gzip: variant('.gz') },
    };
    this.found.set(file, entry);
    return entry;
  }

  /**
   * Sends a file found by lookup(); `status` lets the not-found page go out as 404. `alias`: asked for
   * by a URL whose file changes with deploys (`/widgets/v1/`, `/widgets/`), so an unhashed name is
   * never immutable there, wherever its bytes come from (ALIAS_CACHE_CONTROL).
   */
  async send(req: IncomingMessage, res: ServerResponse, entry: Entry, status = 200, alias = false): Promise<void> {
    if ('bodies' in entry) return sendHeld(req, res, entry, status, alias);
    const ext = entry.file.endsWith('.d.ts') ? '.d.ts' : path.extname(entry.file);
    res.setHeader('Content-Type', TYPES[ext] ?? 'application/octet-stream');
    if (SUBRESOURCES.has(ext)) dropDocumentHeaders(res);
    const immutable = this.immutable(entry.file, ext) && (!alias || HASHED.test(path.basename(entry.file)));
    // Only the headers a browser uses (about 12 responses before a phone can use the home page): an
    // immutable file is never revalidated, so it has no ETag, and `public` is the default without
    // Authorization.
    res.setHeader('Cache-Control', cacheControl(status, immutable, alias));
    if (!immutable) res.setHeader('ETag', entry.etag);
    if (COMPRESSIBLE.has(ext)) res.setHeader('Vary', 'Accept-Encoding');
    if (status === 200 && !immutable && matchesEtag(req.headers['if-none-match'], entry.etag)) {
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
