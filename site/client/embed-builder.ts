/**
 * The embed builder's script, a page script (Route.scripts) of /widgets and a partner's page: it links its
 * stylesheet and then shows the form; each change writes the five snippets, checks the colours' contrast
 * into a live region and updates the real widget in a same-origin preview frame (srcdoc, started near the
 * viewport), phone-wide or page-wide. Copy uses the Clipboard API, else selects the code to copy by hand.
 */

import stylesheet from '../embed-builder/builder.css?url';
import { contrastProblems } from '../embed-builder/contrast.js';
import {
  BUILDER_TAGS,
  type BuilderChoice,
  type BuilderLanguage,
  type BuilderTag,
  COLOUR_DEFAULTS,
  COLOUR_PROPERTIES,
  cleanColour,
  cleanRadius,
  customProperties,
  FLAVOURS,
  type Flavour,
  RADIUS_DEFAULT,
  scriptTag,
  snippets,
  takesCampaign,
} from '../embed-builder/snippets.js';

const COPIED_FOR_MS = 2500;
const DIALOG_ROOM_PX = 560;
const PREVIEW_START_MARGIN_PX = 600;

function setUpEmbedBuilder(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>('[data-builder-form]');
  const frame = root.querySelector<HTMLIFrameElement>('[data-builder-frame]');
  const live = root.querySelector<HTMLElement>('[data-builder-live]');
  if (!form || !frame || !live) return;
  const data = root.dataset;
  const contrast = root.querySelector<HTMLElement>('[data-builder-contrast]');
  const copyStatus = root.querySelector<HTMLElement>('[data-builder-copy-status]');
  const origin = location.origin;
  const labels = JSON.parse(data.wordpressLabels ?? '{}');
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
  const value = (name: string) => {
    const item = form.elements.namedItem(name);
    return item && 'value' in item ? String(item.value) : '';
  };
  const colourName = (property: string) =>
    form.querySelector(`label[for="builder${property.slice(8)}"]`)?.textContent?.trim() ?? property;

  const read = (): BuilderChoice => ({
    tag: (BUILDER_TAGS as readonly string[]).includes(value('tag')) ? (value('tag') as BuilderTag) : BUILDER_TAGS[0],
    lang: value('lang') as BuilderLanguage,
    partner: data.partner ?? value('partner'),
    campaign: value('campaign'),
    colours: Object.fromEntries(
      COLOUR_PROPERTIES.map((property) => [property, cleanColour(value(property), property)]),
    ) as BuilderChoice['colours'],
    radius: cleanRadius(value('radius') || RADIUS_DEFAULT),
  });

  // The preview: the loader of this origin in a frame of this origin, the element made and changed from here.
  let element: HTMLElement | undefined;
  let shownTag: BuilderTag | undefined;
  // The frame runs a second copy of the widgets on this page's main thread, so it starts only when the
  // builder comes near the viewport: a reader who never scrolls to it pays nothing for it.
  const startPreview = () => {
    frame.srcdoc = `<!doctype html><html lang="${document.documentElement.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${scriptTag(origin)}</head><body></body></html>`;
  };
  const near = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      near.disconnect();
      startPreview();
    },
    { rootMargin: `${PREVIEW_START_MARGIN_PX}px 0px` },
  );
  near.observe(root);

  const fitFrame = () => {
    const inner = frame.contentDocument?.documentElement;
    if (!inner) return;
    const room = shownTag === 'start-selling-modal' || shownTag === 'store-rank-checker' ? DIALOG_ROOM_PX : 0;
    frame.style.height = `${Math.max(room, inner.scrollHeight)}px`;
  };

  const preview = (choice: BuilderChoice) => {
    // Not before the srcdoc document has come (the frame holds about:blank until then).
    const doc = frame.contentDocument;
    if (!doc?.body || doc.URL !== 'about:srcdoc' || doc.readyState === 'loading') return;
    if (shownTag !== choice.tag || element?.ownerDocument !== doc) {
      doc.body.replaceChildren();
      element = doc.createElement(choice.tag);
      if (choice.tag === 'start-selling-modal') {
        const opener = doc.createElement('button');
        opener.type = 'button';
        opener.dataset.startSelling = '';
        opener.textContent = 'Start Selling';
        doc.body.append(opener);
      }
      doc.body.append(element);
      shownTag = choice.tag;
    }
    const set = (name: string, on: string | false) =>
      on === false ? element?.removeAttribute(name) : element?.setAttribute(name, on);
    // A signup in the preview is a real signup, but it is the partner's own test: it counts for no code.
    set('partner', false);
    set('campaign', false);
    doc.documentElement.lang = choice.lang || document.documentElement.lang;
    set('lang', choice.lang || false);
    const properties = new Map(customProperties(choice));
    for (const name of [...COLOUR_PROPERTIES, '--kasuwa-radius']) {
      const set = properties.get(name);
      if (set) doc.body.style.setProperty(name, set);
      else doc.body.style.removeProperty(name);
    }
    fitFrame();
  };

  frame.addEventListener('load', () => {
    const win = frame.contentWindow as (Window & typeof globalThis) | null;
    if (win && frame.contentDocument) new win.ResizeObserver(fitFrame).observe(frame.contentDocument.documentElement);
    preview(read());
  });

  let lastVerdict = '';
  const update = () => {
    const choice = read();
    const code = snippets(choice, origin, labels);
    for (const flavour of FLAVOURS) {
      const target = root.querySelector(`[data-snippet="${flavour}"]`);
      if (target) target.textContent = code[flavour];
    }
    const campaign = field('campaign');
    if (campaign) campaign.disabled = !takesCampaign(choice.tag);
    // The verdict is written only when it changes, so the live region speaks once per change of verdict.
    const problems = contrastProblems(choice.colours);
    const verdict = problems.length
      ? problems
          .map((p) =>
            (data.contrastLow ?? '')
              .replace('{text}', colourName(p.text))
              .replace('{background}', colourName(p.background))
              .replace('{ratio}', p.ratio.toFixed(1)),
          )
          .join(' ')
      : (data.contrastOk ?? '');
    if (contrast && verdict !== lastVerdict) {
      contrast.textContent = verdict;
      contrast.classList.toggle('builder-contrast-low', problems.length > 0);
    }
    lastVerdict = verdict;
    preview(choice);
  };

  form.addEventListener('input', update);
  form.addEventListener('change', update);
  form.addEventListener('submit', (event) => event.preventDefault());
  root.querySelector('[data-builder-reset]')?.addEventListener('click', () => {
    for (const property of COLOUR_PROPERTIES) {
      const input = field(property);
      if (input) input.value = COLOUR_DEFAULTS[property];
    }
    const radius = field('radius');
    if (radius) radius.value = String(RADIUS_DEFAULT);
    update();
  });
  for (const width of root.querySelectorAll<HTMLInputElement>('input[name="width"]'))
    width.addEventListener('change', () => {
      frame.classList.toggle('builder-frame-phone', width.value === 'phone' && width.checked);
    });
  frame.classList.add('builder-frame-phone');

  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-copy]')) {
    let copiedTimer: ReturnType<typeof setTimeout> | undefined;
    const flavour = button.dataset.copy as Flavour;
    const label = button.textContent ?? '';
    const code = root.querySelector<HTMLElement>(`[data-snippet="${flavour}"]`);
    button.hidden = false;
    button.addEventListener('click', async () => {
      if (!code) return;
      const name = root.querySelector(`#builder-${flavour}`)?.textContent ?? flavour;
      try {
        await navigator.clipboard.writeText(code.textContent ?? '');
        button.textContent = data.copied ?? 'Copied';
        if (copyStatus) copyStatus.textContent = (data.copiedStatus ?? '').replace('{flavour}', name);
        clearTimeout(copiedTimer);
        copiedTimer = setTimeout(() => {
          button.textContent = label;
          if (copyStatus) copyStatus.textContent = '';
        }, COPIED_FOR_MS);
      } catch {
        // No clipboard (an insecure origin, a refused permission): the code selected, to copy by hand.
        const range = document.createRange();
        range.selectNodeContents(code);
        getSelection()?.removeAllRanges();
        getSelection()?.addRange(range);
        if (copyStatus) copyStatus.textContent = data.selected ?? '';
      }
    });
  }
  root.querySelector('.builder-no-script')?.remove();
  live.hidden = false;
  update();
}

const roots = document.querySelectorAll<HTMLElement>('[data-embed-builder]');
if (roots.length) {
  const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: stylesheet });
  // Shown once styled; a stylesheet that fails still leaves a usable form.
  const start = () => {
    for (const root of roots) setUpEmbedBuilder(root);
  };
  link.addEventListener('load', start, { once: true });
  link.addEventListener('error', start, { once: true });
  document.head.append(link);
}
