/** What the <store-rank-checker> browser tests share: mounting it, looking a domain up, its dialog and "?" popovers. */
import {
  byLabel,
  byRole,
  findAll,
  mount,
  queryByRole,
  takeRequests,
  type,
  until,
} from '../../testing/browser/browser.js';
import { press, viewport } from '../../testing/browser/commands.js';

/** What the real server says for an unknown domain (server/errors.ts; the fake answers with it). */
export const NOT_FOUND = "We couldn't find a store with that domain";
export const DIALOG = 'Your New Year sales ranking';
/** The checker with the fallback form a partner page writes inside it (docs/embedding.md). */
export const CHECKER_WITH_FALLBACK =
  '<store-rank-checker api-url="/graphql"><form method="get" action="/new-year-sales/rank"><label>Store domain <input name="domain" type="text"></label><button type="submit">Check my rank</button></form></store-rank-checker>';

export async function mountChecker() {
  const { element, root } = await mount(
    '<store-rank-checker api-url="/graphql"><p>fallback</p></store-rank-checker>',
    'store-rank-checker',
    { role: 'textbox', name: 'Store domain' },
  );
  const input = byLabel(root, 'Store domain');
  const button = byRole<HTMLButtonElement>(root, 'button', 'Check my rank');
  return { element, root, input, button };
}

export async function lookUp(domain: string) {
  const parts = await mountChecker();
  const events: CustomEvent[] = [];
  for (const name of ['store-rank-result', 'store-rank-error']) {
    parts.element.addEventListener(name, (event) => events.push(event as CustomEvent));
  }
  type(parts.input, domain);
  await until(() => !parts.button.disabled, 'submit enabled');
  parts.button.click();
  return { ...parts, events };
}

/**
 * A lookup of `held-store`, once the fake holds it: its answer waits for releaseHeld() (after each test
 * at the latest; a lookup still on its way then would stay held for the next test to release).
 */
export async function heldLookUp() {
  const parts = await lookUp('held-store');
  await until(async () => (await takeRequests()).length > 0, 'the lookup at the fake /graphql');
  return parts;
}

/** The dialog once its answer is in (it opens at once, with placeholders, while the lookup is on its way). */
export const openDialog = (root: ShadowRoot) =>
  until(() => queryByRole<HTMLDialogElement>(root, 'dialog', { name: DIALOG, busy: false }), 'the leaderboard dialog');
/** The dialog as it opens, before the held answer (`held-store`) comes. */
export const busyDialog = (root: ShadowRoot) =>
  until(() => queryByRole<HTMLDialogElement>(root, 'dialog', { name: DIALOG, busy: true }), 'the dialog open');
/**
 * The placeholders of values on their way: aria-hidden shapes with no text or role, so only their
 * markup shows them.
 */
export const placeholders = (dialog: HTMLElement) => findAll(dialog, '.placeholder');
/** The revenue cards: a visual grouping (label and value in plain paragraphs) with no role of its own, found by its part. */
export const revenueCards = (dialog: HTMLElement) => findAll(dialog, '[part="card"]');
/** The "?" buttons explain the answer; the popover each opens. */
export const helpButton = (dialog: HTMLElement, topic: string) => byRole(dialog, 'button', `What is ${topic}?`);
export const popoverChunkLoaded = () =>
  performance.getEntriesByType('resource').some((entry) => entry.name.includes('revenue-help-popover'));

/** Opens the popover of the "?" beside Winner's Revenue by keyboard (Enter). */
export async function openWinnersHelp() {
  const { root } = await lookUp('adaeze-fabrics');
  const dialog = await openDialog(root);
  const help = helpButton(dialog, "Winner's Revenue");
  help.focus();
  await press('Enter');
  const popover = await until(() => queryByRole(root, 'dialog', "Winner's Revenue"), 'the popover');
  return { root, dialog, help, popover };
}

/** Opens the popover of the "?" beside Your Revenue with Space. */
export async function openYourHelp() {
  const { root } = await lookUp('adaeze-fabrics');
  const dialog = await openDialog(root);
  const help = helpButton(dialog, 'Your Revenue');
  help.focus();
  await press('Space');
  const popover = await until(() => root.getElementById(help.getAttribute('aria-controls') ?? ''), 'the popover');
  return { root, dialog, help, popover };
}

/**
 * Runs `test` on a 360 px wide phone screen. Where the engine's window cannot be that narrow (WebKitGTK's
 * MiniBrowser stops at about 450 px) the test is skipped, and the report counts and names it.
 */
export async function onPhone(context: Mocha.Context, test: () => Promise<void>) {
  const size = await viewport({ width: 360, height: 740 });
  try {
    if (size.width !== 360) {
      console.warn(`skipped at 360 px: this engine's window is at least ${size.width} px wide`);
      context.skip();
    }
    await test();
  } finally {
    await viewport({ width: 800, height: 600 });
  }
}
