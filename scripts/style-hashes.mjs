import { createHash } from 'node:crypto';

/**
 * The CSP hash of every <style> element's text in these documents, once each: the site's CSS inlined
 * in each page's <head>, and any other <style> a page carries (inline SVG's too). The server allows
 * them with the widgets' (server/http/security.ts); the pages the server renders itself inline the
 * same CSS.
 */
export function inlineStyleHashes(documents) {
  const hashes = new Set();
  for (const html of documents) {
    for (const [, css] of html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi))
      hashes.add(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
  }
  return [...hashes];
}
