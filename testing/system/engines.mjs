/**
 * The three browser engines our readers carry, as Debian ships them: Chromium, Firefox ESR (driven over
 * WebDriver BiDi by puppeteer-core) and WebKitGTK (WebKitWebDriver and its MiniBrowser, under Xvfb).
 * Installs a missing one as CI does, else says how; KASUWA_ENGINES picks some (docs/quality.md#engines).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { CHROMIUM_ARGS, ensureChromium } from '../../scripts/chromium.mjs';
import { installFromDebian } from '../../scripts/debian.mjs';

export const ENGINES = ['chromium', 'firefox', 'webkit'];
export const FIREFOX_PATH = '/usr/bin/firefox-esr';
const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
const XVFB_RUN = '/usr/bin/xvfb-run';
export const MINIBROWSER_PATHS = [
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
];

/** The engines to test in: KASUWA_ENGINES (comma-separated), else all three. */
export function chosenEngines() {
  const chosen = (process.env.KASUWA_ENGINES ?? ENGINES.join(','))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = chosen.filter((name) => !ENGINES.includes(name));
  if (unknown.length)
    throw new Error(`KASUWA_ENGINES: unknown ${unknown.join(', ')} (choose from ${ENGINES.join(', ')})`);
  return chosen;
}

function ensure(label, present, packages) {
  if (present()) return;
  for (const pkg of packages) installFromDebian(pkg, `test: no ${label} found`);
  if (present()) return;
  console.error(
    `The browser tests need ${label}. Install it with:  sudo apt-get install -y ${packages.join(' ')}\n` +
      `or leave it out with KASUWA_ENGINES (e.g. KASUWA_ENGINES=chromium npm test).`,
  );
  process.exit(1);
}

const minibrowser = () => MINIBROWSER_PATHS.find((file) => fs.existsSync(file));

/** Makes sure every chosen engine is installed; returns Chromium's path when it is chosen. */
export function ensureEngines(engines = chosenEngines()) {
  let chromium;
  if (engines.includes('chromium')) chromium = ensureChromium();
  if (engines.includes('firefox')) ensure('Firefox ESR', () => fs.existsSync(FIREFOX_PATH), ['firefox-esr']);
  if (engines.includes('webkit'))
    ensure('WebKitGTK', () => fs.existsSync(WEBKIT_DRIVER) && fs.existsSync(XVFB_RUN) && minibrowser(), [
      'webkit2gtk-driver',
      'xvfb',
    ]);
  return chromium;
}

const firstLine = (command, args) => spawnSync(command, args, { encoding: 'utf8' }).stdout?.split('\n')[0]?.trim();

/** "Chromium 156.0…, Firefox 153.7.0esr, WebKitGTK 2.50.6": what the run is testing in. */
export function engineVersions(engines, chromiumPath) {
  return engines.map((engine) => {
    if (engine === 'chromium') return firstLine(chromiumPath, ['--version']) ?? 'Chromium';
    if (engine === 'firefox') return firstLine(FIREFOX_PATH, ['--version'])?.replace(/^Mozilla /, '') ?? 'Firefox';
    // dpkg-query's own format placeholder, not a template.
    const version = firstLine('dpkg-query', ['-W', `-f=${'$'}{Version}`, 'libwebkit2gtk-4.1-0']);
    return `WebKitGTK ${version?.replace(/-.*/, '') ?? '(version unknown)'}`;
  });
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * Starts WebKitWebDriver on a free port inside a virtual display (MiniBrowser needs one) and stops it
 * with this process. Resolves once it answers.
 */
export async function startWebKitDriver() {
  const port = await freePort();
  // A screen larger than any viewport a test asks for (xvfb-run's default is 640×480).
  const screen = ['-s', '-screen 0 1920x1200x24'];
  const child = spawn(XVFB_RUN, ['-a', ...screen, WEBKIT_DRIVER, `--port=${port}`], {
    detached: true,
    stdio: 'ignore',
  });
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  process.once('exit', stop);
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/status`);
      if (answer.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('WebKitWebDriver did not answer within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    stop,
    capabilities: {
      browserName: 'MiniBrowser',
      // WebDriver classic: WebKitWebDriver speaks no BiDi.
      'wdio:enforceWebDriverClassic': true,
      'webkitgtk:browserOptions': { binary: minibrowser(), args: ['--automation'] },
    },
  };
}

/**
 * What both @web/test-runner configs share (the widget tests and the journeys): the chosen engines, one
 * after another (timing-sensitive waits need the cores to themselves), TypeScript tests, and
 * the keys and viewports every engine understands.
 */
export async function testRunnerBase(label) {
  const { esbuildPlugin } = await import('@web/dev-server-esbuild');
  const { engineCommandsPlugin } = await import('../browser/engine-commands.mjs');
  return {
    nodeResolve: true,
    plugins: [esbuildPlugin({ ts: true, target: 'es2022' }), engineCommandsPlugin],
    concurrency: 1,
    concurrentBrowsers: 1,
    browserStartTimeout: 60_000,
    testsFinishTimeout: 180_000,
    browsers: await testRunnerBrowsers(label),
  };
}

/** The chosen engines as @web/test-runner launchers, after printing their versions under `label`. */
async function testRunnerBrowsers(label) {
  const engines = chosenEngines();
  const chromiumPath = ensureEngines(engines);
  console.log(`[${label}] engines: ${engineVersions(engines, chromiumPath).join(', ')}`);
  const { chromeLauncher, puppeteerCore } = await import('@web/test-runner-chrome');
  const launchers = {
    chromium: async () =>
      chromeLauncher({ launchOptions: { executablePath: chromiumPath, headless: true, args: CHROMIUM_ARGS } }),
    // puppeteer-core drives Firefox over WebDriver BiDi; passing it makes the runner call the engine Firefox.
    firefox: async () =>
      chromeLauncher({
        puppeteer: puppeteerCore,
        launchOptions: { browser: 'firefox', executablePath: FIREFOX_PATH, headless: true },
      }),
    webkit: async () => {
      const { webdriverLauncher } = await import('@web/test-runner-webdriver');
      const driver = await startWebKitDriver();
      return webdriverLauncher({
        hostname: '127.0.0.1',
        port: driver.port,
        logLevel: 'error',
        capabilities: driver.capabilities,
      });
    },
  };
  return Promise.all(engines.map((engine) => launchers[engine]()));
}
