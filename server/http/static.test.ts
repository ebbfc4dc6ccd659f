/** What the static-file layer remembers stays bounded; the pages rendered at start are served like files. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryFiles } from './rendered-pages.js';
import { HASHED, StaticFiles } from './static.js';

let root: string;
const FILES = ['index.html', 'pricing.html', 'assets/main-AbC123xy.js'];

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-static-'));
  for (const file of FILES) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), `<!-- ${file} -->`);
  }
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('StaticFiles', () => {
  it('given 100,000 random unknown paths and many spellings of known ones should remember at most one entry per file', () => {
    const files = new StaticFiles(root, { immutableHashed: true, memory: 'disk' });
    let found = 0;
    for (let i = 0; i < 100_000; i += 1) {
      if (files.lookup(`/${crypto.randomBytes(12).toString('hex')}.html`)) found += 1;
      // The same file reached through a different path each time.
      if (i % 10 === 0 && files.lookup(`/x${i}/../pricing.html`)?.file === path.join(root, 'pricing.html')) found += 1;
    }
    expect(found).toBe(10_000);
    expect(files.size).toBeLessThanOrEqual(FILES.length);
    expect(files.lookup('/assets/main-AbC123xy.js')?.file).toBe(path.join(root, 'assets/main-AbC123xy.js'));
    expect(files.lookup('/../outside.html')).toBeUndefined();
  });

  it('given a file that appears after a miss, read from disk (npm run dev), should find it (misses are not remembered)', () => {
    const files = new StaticFiles(root, { immutableHashed: true, memory: 'disk' });
    expect(files.lookup('/later.html')).toBeUndefined();
    fs.writeFileSync(path.join(root, 'later.html'), 'later');
    expect(files.lookup('/later.html')?.size).toBe(5);
  });
});

describe('which names are cached for a year', () => {
  it('given hashed names and words of 8 letters or more should take only the hashes as immutable', () => {
    const hashed = ['chunks/runtime-react-HCRGOAZ6.js', 'assets/main-AbC123xy.js', 'chunks/widgets.ha-4PZQ2X7M.js'];
    const words = ['custom-elements.json', 'downloads/kasuwa-wordpress.zip', 'kasuwa-widgets.js', 'style-hashes.json'];
    expect(hashed.filter((file) => !HASHED.test(file))).toEqual([]);
    expect(words.filter((file) => HASHED.test(file))).toEqual([]);
  });
});

type Files<E> = {
  lookup(urlPath: string): E | undefined;
  send(req: http.IncomingMessage, res: http.ServerResponse, entry: E): Promise<void>;
};

/** Sends `urlPath` through a real HTTP server answering from `files`, as a browser asks for it. */
async function getFrom<E>(files: Files<E>, urlPath: string, headers: Record<string, string> = {}, method = 'GET') {
  const server = http.createServer((req, res) => {
    const entry = files.lookup(urlPath);
    if (entry) void files.send(req, res, entry);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .request({ port, host: '127.0.0.1', path: urlPath, method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject)
        .end();
    });
  } finally {
    server.close();
  }
}

describe('a build held in memory', () => {
  it('given its folder removed after start should still answer every file whole, compressed as asked, with a strong ETag and 304s', async () => {
    const build = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-held-'));
    const loader = Buffer.from('export const loader = 1;\n'.repeat(100));
    fs.mkdirSync(path.join(build, 'chunks'));
    fs.writeFileSync(path.join(build, 'kasuwa-widgets.js'), loader);
    fs.writeFileSync(path.join(build, 'kasuwa-widgets.js.br'), zlib.brotliCompressSync(loader));
    fs.writeFileSync(path.join(build, 'kasuwa-widgets.js.gz'), zlib.gzipSync(loader));
    fs.writeFileSync(path.join(build, 'chunks/a-AbC123xy.js'), 'chunk');
    const files = new StaticFiles(build, { immutableHashed: true });
    fs.rmSync(build, { recursive: true });

    const br = await getFrom(files, '/kasuwa-widgets.js', { 'accept-encoding': 'gzip, br' });
    expect([br.status, br.headers['content-encoding'], zlib.brotliDecompressSync(br.body).equals(loader)]).toEqual([
      200,
      'br',
      true,
    ]);
    const gz = await getFrom(files, '/kasuwa-widgets.js', { 'accept-encoding': 'gzip' });
    expect(zlib.gunzipSync(gz.body).equals(loader)).toBe(true);
    const plain = await getFrom(files, '/kasuwa-widgets.js');
    expect(plain.body.equals(loader)).toBe(true);
    // One tag per encoding, none weak; each brings a 304 for the same encoding only.
    const tags = [br, gz, plain].map((answer) => String(answer.headers.etag));
    expect(new Set(tags).size).toBe(3);
    expect(tags.filter((tag) => !/^"[\w-]{22}(-br|-gzip)?"$/.test(tag))).toEqual([]);
    const again = await getFrom(files, '/kasuwa-widgets.js', {
      'accept-encoding': 'br',
      'if-none-match': tags[0] as string,
    });
    expect([again.status, again.body.length]).toEqual([304, 0]);
    const otherEncoding = await getFrom(files, '/kasuwa-widgets.js', { 'if-none-match': tags[0] as string });
    expect(otherEncoding.status).toBe(200);

    const chunk = await getFrom(files, '/chunks/a-AbC123xy.js');
    expect([chunk.body.toString(), chunk.headers['cache-control'], chunk.headers.etag]).toEqual([
      'chunk',
      'max-age=31536000, immutable',
      undefined,
    ]);
    expect((await getFrom(files, '/kasuwa-widgets.js.br')).status).toBe(404);
    expect((await getFrom(files, '/nothing-here.js')).status).toBe(404);
    expect(files.heldBytes).toBe(
      loader.length + 5 + zlib.brotliCompressSync(loader).length + zlib.gzipSync(loader).length,
    );
  });
});

describe('MemoryFiles', () => {
  const pages = new MemoryFiles([
    { file: 'index.html', html: '<p>home with G-TEST1234</p>'.repeat(50) },
    { file: 'sitemap.xml', html: '<urlset></urlset>' },
  ]);
  const get = (urlPath: string, headers: Record<string, string> = {}, method = 'GET') =>
    getFrom(pages, urlPath, headers, method);

  it('given brotli, gzip or neither accepted should send the page as rendered, compressed accordingly', async () => {
    const br = await get('/index.html', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toContain('G-TEST1234');
    const gz = await get('/index.html', { 'accept-encoding': 'gzip' });
    expect(zlib.gunzipSync(gz.body).toString()).toContain('G-TEST1234');
    const plain = await get('/sitemap.xml');
    expect([plain.headers['content-type'], plain.body.toString()]).toEqual([
      'application/xml; charset=utf-8',
      '<urlset></urlset>',
    ]);
  });

  it('given its ETag back should answer 304, and HEAD should carry no body', async () => {
    const first = await get('/index.html');
    const again = await get('/index.html', { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    const head = await get('/index.html', { 'accept-encoding': 'br' }, 'HEAD');
    expect([head.status, head.body.length, Number(head.headers['content-length']) > 0]).toEqual([200, 0, true]);
  });
});
