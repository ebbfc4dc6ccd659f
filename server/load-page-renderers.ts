/**
 * The server is handed the site's page renderers instead of importing them: the site owns its pages
 * and server/ imports nothing from site/ (server/imports.test.ts keeps it so). The build emits the
 * site's module next to the server (dist/server/site-pages.js, from site/page-renderers.ts); SITE_PAGES
 * names another file (npm run dev and the in-process tests load the TypeScript source).
 */
import { pathToFileURL } from 'node:url';
import type { PageRenderers, PageRenderersModule } from '../common/page-renderers.js';
import { type Config, ConfigError } from './config.js';

export async function loadPageRenderers(config: Config): Promise<PageRenderers> {
  let module: PageRenderersModule;
  try {
    module = (await import(pathToFileURL(config.sitePagesModule).href)) as PageRenderersModule;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new ConfigError(`SITE_PAGES: ${config.sitePagesModule} does not exist; run \`npm run build\` first.`);
  }
  return module.createPageRenderers({
    siteDir: config.siteDir,
    publicUrl: config.publicUrl,
    production: config.nodeEnv === 'production',
    analytics: config.analytics,
    onRequest: config.siteRender === 'on-request',
  });
}
