/**
 * The home page's audience tabs. On wide screens they are ARIA tabs that advance 0 → 1 → 2 → 0 every
 * 15 s (docs/site.md); rotation pauses while the pointer is over them or focus is inside, and stops
 * for good with the Pause button (WCAG 2.2.2). On small screens all panels show as stacked cards.
 */
import { trackInteraction } from './analytics.js';

export const ROTATION_MS = 15_000;
const WIDE = '(min-width: 900px)';

export function setUpAudienceTabs(): void {
  const root = document.querySelector<HTMLElement>('[data-audience-tabs]');
  if (!root) return;
  const tabs = [...root.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const panels = tabs.map((tab) => document.getElementById(tab.getAttribute('aria-controls') ?? '') as HTMLElement);
  const pause = root.querySelector<HTMLButtonElement>('.audience-pause');
  const wide = matchMedia(WIDE);
  let index = 0;
  let stopped = false;
  let hovered = false;
  let focused = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const show = (next: number, moveFocus = false) => {
    index = (next + tabs.length) % tabs.length;
    tabs.forEach((tab, i) => {
      tab.setAttribute('aria-selected', String(i === index));
      tab.tabIndex = i === index ? 0 : -1;
    });
    panels.forEach((panel, i) => {
      panel.hidden = wide.matches && i !== index;
    });
    if (moveFocus) tabs[index]?.focus();
  };

  const schedule = () => {
    clearInterval(timer);
    timer = undefined;
    if (wide.matches && !stopped && !hovered && !focused) timer = setInterval(() => show(index + 1), ROTATION_MS);
  };

  tabs.forEach((tab, i) => {
    tab.addEventListener('click', () => {
      show(i);
      schedule();
    });
    tab.addEventListener('keydown', (event) => {
      const moves: Record<string, number> = {
        ArrowRight: index + 1,
        ArrowLeft: index - 1,
        Home: 0,
        End: tabs.length - 1,
      };
      if (!(event.key in moves)) return;
      event.preventDefault();
      show(moves[event.key] ?? index, true);
    });
  });
  pause?.addEventListener('click', () => {
    stopped = !stopped;
    pause.textContent = stopped ? 'Play' : 'Pause';
    trackInteraction('Toggled Rotation', stopped ? 'Audience tabs paused' : 'Audience tabs playing');
    schedule();
  });
  root.addEventListener('mouseenter', () => {
    hovered = true;
    schedule();
  });
  root.addEventListener('mouseleave', () => {
    hovered = false;
    schedule();
  });
  root.addEventListener('focusin', () => {
    focused = true;
    schedule();
  });
  root.addEventListener('focusout', (event) => {
    if (root.contains(event.relatedTarget as Node | null)) return;
    focused = false;
    schedule();
  });
  wide.addEventListener('change', () => {
    show(index);
    schedule();
  });
  root.classList.add('tabs-ready');
  show(0);
  schedule();
}
