/**
 * The WordPress a test file of e2e/wordpress/ runs against: the one its Playwright project tests on
 * (testing/e2e/wordpress/wordpress-site.ts), fresh, with ADMIN as its Administrator and, if asked, our plugin
 * installed from the zip our server serves; started before the file's tests and stopped after them.
 */
import { test } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config.js';
import {
  installOurPlugin,
  startWordPress,
  WORDPRESS_PORT,
  type WordPress,
  wordpressOf,
} from './wordpress/wordpress-site.js';

/** The product where the tests' WordPress reaches it: its widget origin, the partners' links. */
export const PRODUCT = `http://127.0.0.1:${E2E_PORT}`;
/** The Administrator of each file's WordPress. */
export const ADMIN = { user: 'administrator', password: 'admin-password-19' };

/**
 * Starts the file's WordPress in a beforeAll that comes before the file's own hooks, with our plugin
 * when `plugin` names the file its zip is kept as (under test-results/). The WordPress returned is usable
 * from those hooks on.
 */
export function wordpressForFile({ plugin }: { plugin?: string } = {}): WordPress {
  let started: WordPress | undefined;
  const site = () => {
    if (!started) throw new Error("this file's WordPress is not started: use it in a test or a hook");
    return started;
  };
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    started = await startWordPress(WORDPRESS_PORT, ADMIN, { root: wordpressOf(test.info()) });
    if (plugin) await installOurPlugin(started, plugin);
  });
  test.afterAll(async () => {
    await started?.stop();
  });
  return {
    get url() {
      return site().url;
    },
    get version() {
      return site().version;
    },
    php: (code) => site().php(code),
    stop: () => site().stop(),
  };
}
