import { createHash } from 'node:crypto';

/**
 * The CSP hash of every <style> element's text in these documents, and of each of `styles`, once each:
 * the site's CSS inlined in each page's <head>, any other <style> a page carries (inline SVG's too), and
 * the site's CSS for every set of page parts (a page the server renders per request may name a set no
 * built page has). The server allows them with the widgets' (server/http/security.ts).
 */
export function inlineStyleHashes(documents, styles = []) {
  const hashes = new Set();
  const texts = documents.flatMap((html) =>
    [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map(([, css]) => css),
  );
  for (const css of [...texts, ...styles]) hashes.add(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
  return [...hashes];
}
