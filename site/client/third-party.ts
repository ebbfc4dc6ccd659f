/**
 * The cookie question (site/parts/consent.ts) and what its answer allows: the third parties (IDs in
 * <meta name="kasuwa-…-id">, from GA_MEASUREMENT_ID, META_PIXEL_ID, CHAT_WIDGET_ID) start only once
 * accepted, and their code (vendors.ts) is fetched only then; the chat only when its button is pressed.
 * docs/site.md#cookies-and-consent.
 */
import { pageTitle } from './analytics.js';
import {
  CATEGORIES,
  type Categories,
  CONSENT_KEY,
  closeDialog,
  openDialog,
  removeCookies,
  saveChoice,
  storedChoice,
} from './consent.js';

export const metaContent = (name: string) =>
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined;

const NOTHING: Categories = { analytics: false, marketing: false, chat: false };

export function setUpThirdParties(): void {
  const ids: Record<keyof Categories, string | undefined> = {
    analytics: metaContent('kasuwa-ga-id'),
    marketing: metaContent('kasuwa-pixel-id'),
    chat: metaContent('kasuwa-chat-id'),
  };
  const dialog = document.querySelector<HTMLDialogElement>('dialog[data-consent]');
  if (!dialog || !(ids.analytics || ids.marketing || ids.chat)) return;
  // The version the server renders (common/consent-version.ts) and accepts answers for.
  const version = metaContent('kasuwa-consent-version') ?? '';
  let choice = storedChoice(version);
  /** The categories whose vendor script this page has run: only a reload stops a script that has run. */
  const running = new Set<keyof Categories>();
  /** Runs the vendors' code (vendors.ts: fetched the first time a category is granted) for `category`. */
  const withVendors = (category: keyof Categories, run: (vendors: typeof import('./vendors.js')) => void) => {
    running.add(category);
    void import('./vendors.js').then(run);
  };

  /**
   * The one enforcement, the same whatever the page believed before: clears the cookies of every
   * category not granted (every name, on this host, each parent domain and each path prefix), reloads
   * the page once when a category whose script ran here is no longer granted, and starts what is
   * granted. Run on load, on each answer, on a page restored from the back/forward cache and when
   * another tab answered.
   */
  const enforce = () => {
    const granted = choice ?? NOTHING;
    // Google's own switch, read by gtag.js before it sends anything: set before any gtag() call.
    if (ids.analytics)
      (window as unknown as Record<string, boolean>)[`ga-disable-${ids.analytics}`] = !granted.analytics;
    for (const category of CATEGORIES) if (!granted[category]) removeCookies(category);
    if ([...running].some((category) => !granted[category])) return location.reload();
    const { analytics: ga, marketing: pixel } = ids;
    if (ga && granted.analytics && !running.has('analytics')) withVendors('analytics', ({ startGa }) => startGa(ga));
    // The not-found page sends no page view, so it loads no pixel either.
    if (pixel && granted.marketing && !running.has('marketing') && pageTitle())
      withVendors('marketing', ({ startPixel }) => startPixel(pixel, metaContent('kasuwa-env') !== 'production'));
  };
  /**
   * Keeps the answer and records it (server/consent/): the random id, the categories the reader was
   * asked about, the version, the page's language, the time; no IP address, no e-mail.
   */
  const answer = (categories: Categories, asked: readonly (keyof Categories)[]) => {
    const saved = saveChoice(categories, version, choice);
    choice = saved;
    const record = Object.fromEntries(asked.map((category) => [category, saved[category]]));
    navigator.sendBeacon?.(
      '/consent',
      JSON.stringify({ id: saved.id, v: saved.v, at: saved.at, lang: document.documentElement.lang, ...record }),
    );
    enforce();
  };
  /** The answer may have changed elsewhere (another tab, or while this page sat in the back/forward cache). */
  const reread = () => {
    choice = storedChoice(version);
    if (choice) closeDialog(dialog);
    enforce();
  };
  addEventListener('pageshow', (event) => {
    if (event.persisted) reread();
  });
  addEventListener('storage', (event) => {
    if (event.key === CONSENT_KEY || event.key === null) reread();
  });

  const boxes = () => [...dialog.querySelectorAll<HTMLInputElement>('input[type=checkbox]')];
  const categoriesBox = dialog.querySelector<HTMLElement>('.consent-categories');
  const chooser = dialog.querySelector<HTMLElement>('[data-consent-choose]');
  const heading = dialog.querySelector<HTMLElement>('h2');
  let opener: HTMLElement | null = null;
  const showCategories = (show: boolean) => {
    if (categoriesBox) categoriesBox.hidden = !show;
    chooser?.setAttribute('aria-expanded', String(show));
  };
  const ask = (from: HTMLElement | null) => {
    opener = from;
    // Unticked the first time; the current answer when reopened from the footer.
    for (const box of boxes()) box.checked = Boolean(choice?.[box.name as keyof Categories]);
    showCategories(Boolean(choice));
    openDialog(dialog, heading);
  };
  dialog.addEventListener('close', () => opener?.focus());
  dialog.addEventListener('click', (event) => {
    // A tap on the backdrop (the dialog itself: its form fills it) closes the question unanswered, as
    // Escape and Close do: it never blocks reading.
    const button = (event.target as Element).closest<HTMLElement>('button');
    if (event.target === dialog || button?.hasAttribute('data-consent-close')) return closeDialog(dialog);
    if (button === chooser) {
      showCategories(Boolean(categoriesBox?.hidden));
      if (!categoriesBox?.hidden) boxes()[0]?.focus();
      return;
    }
    const kind = button?.dataset.consentAnswer;
    if (!kind) return;
    const picked = (name: keyof Categories) =>
      kind === 'all' || (kind === 'custom' && boxes().some((box) => box.name === name && box.checked));
    closeDialog(dialog);
    answer({ analytics: picked('analytics'), marketing: picked('marketing'), chat: picked('chat') }, CATEGORIES);
  });

  const chatDialog = document.querySelector<HTMLDialogElement>('dialog[data-chat-consent]');
  chatDialog?.addEventListener('click', (event) => {
    const yes = (event.target as Element).closest<HTMLElement>('[data-chat-answer]')?.dataset.chatAnswer;
    if (!yes) return;
    closeDialog(chatDialog);
    const chat = ids.chat;
    if (yes === 'yes' && chat) {
      // Only the chat was asked about: the other categories keep their answer, and the record names the chat alone.
      answer({ ...(choice ?? NOTHING), chat: true }, ['chat']);
      withVendors('chat', ({ openChat }) => openChat(chat));
    }
  });
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const settings = target?.closest<HTMLElement>('[data-consent-open]');
    if (settings) {
      event.preventDefault();
      ask(settings);
    }
    const chat = ids.chat;
    if (chat && target?.closest('[data-open-chat]')) {
      if (choice?.chat) withVendors('chat', ({ openChat }) => openChat(chat));
      else if (chatDialog) openDialog(chatDialog, chatDialog.querySelector('[data-chat-answer="no"]'));
    }
  });

  enforce();
  if (!choice) ask(null);
}
