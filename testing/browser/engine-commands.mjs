/**
 * @web/test-runner commands that work in all three engines (the runner's own set-viewport and send-keys
 * do not drive WebKitWebDriver, and Firefox knows no "Space"): `viewport` sizes the page's viewport (answering the size it got),
 * `press-keys` presses keys together (['Shift', 'Tab']). Called through testing/browser/browser.ts.
 */

/**
 * Resizes the window until the page's own viewport (innerWidth × innerHeight) is the one asked for, as
 * near as the window allows (MiniBrowser's toolbar keeps it at least about 450 px wide); returns it.
 */
async function webdriverViewport(driver, { width, height }) {
  const inner = async () => {
    const [innerWidth, innerHeight] = await driver.execute(() => [window.innerWidth, window.innerHeight]);
    return { width: innerWidth, height: innerHeight };
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = await inner();
    if (now.width === width && now.height === height) break;
    const outer = await driver.getWindowSize();
    await driver.setWindowSize(outer.width + width - now.width, outer.height + height - now.height);
  }
  return inner();
}

export const engineCommandsPlugin = {
  name: 'kasuwa-engine-commands',
  async executeCommand({ command, payload, session }) {
    if (command !== 'viewport' && command !== 'press-keys') return undefined;
    const launcher = session.browser;
    if (command === 'viewport') {
      if (launcher.type === 'webdriver') return webdriverViewport(launcher.driver, payload);
      await launcher.getPage(session.id).setViewport(payload);
      return payload;
    }
    const keys = payload.keys.map((key) => (key === 'Space' ? ' ' : key));
    if (launcher.type === 'webdriver') {
      // WebDriver holds the modifiers among them down until the last key is pressed, then lets all go.
      await launcher.sendKeys(session.id, keys);
      return true;
    }
    const keyboard = launcher.getPage(session.id).keyboard;
    const modifiers = keys.slice(0, -1);
    for (const key of modifiers) await keyboard.down(key);
    await keyboard.press(keys.at(-1));
    for (const key of modifiers.reverse()) await keyboard.up(key);
    return true;
  },
};
