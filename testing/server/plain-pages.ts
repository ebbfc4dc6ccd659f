/**
 * For tests that start a server process on a folder of files they wrote themselves (SITE_PAGES names
 * this module): page renderers that answer plain HTML naming the outcome, so no built site is needed.
 */
import type { PageRenderers, PageRenderersOptions } from '../../common/page-renderers.js';

const plain = (what: string) => (outcome: unknown) =>
  `<!doctype html><title>${what}</title><pre>${JSON.stringify(outcome).replace(/</g, '&lt;')}</pre>`;

export function createPageRenderers(_options: PageRenderersOptions): PageRenderers {
  return {
    signupResult: plain('signup'),
    rankResult: plain('rank'),
    stopMail: plain('stop mail'),
    partnerPage: plain('partner page'),
    partnerProgramme: plain('partner programme'),
  };
}
