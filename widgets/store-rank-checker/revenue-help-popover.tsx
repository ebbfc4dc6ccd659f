/**
 * The popover of a "?" button (revenue-help.tsx), in its own chunk: a non-modal dialog placed beside
 * the button by @floating-ui/react. Focus moves in on open; Esc closes it and focus returns to the
 * button; a press outside or focus moving elsewhere closes it too.
 */
import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react';
import { useEffect, useLayoutEffect, useRef } from 'react';
// From define.ts, whose chunk is here already: imported from compat.ts, it would be a chunk of its own.
import { adoptStyles } from '../shared/define.js';
import type { StoreLeaderboard } from '../shared/documents.js';
import { useI18n } from '../shared/i18n.js';
import { type RevenueTopic, revenueHelp } from './revenue-help.logic.js';
import { popoverStyles } from './revenue-help-popover.styles.js';

/** Adopted into the widget's shadow root on the first open: the styles load with the popover, not the widget. */
const styledRoots = new WeakSet<Node>();

export default function RevenueHelpPopover({
  id,
  anchor,
  title,
  topic,
  entry,
  onClose,
}: {
  id: string;
  anchor: HTMLElement;
  title: string;
  topic: RevenueTopic;
  entry: StoreLeaderboard | null;
  onClose: (returnFocus: boolean) => void;
}) {
  const { t } = useI18n();
  const popover = useRef<HTMLDivElement | null>(null);
  const { refs, floatingStyles } = useFloating({
    elements: { reference: anchor },
    placement: 'top',
    // Fixed: the dialog around it scrolls and sits in the top layer.
    strategy: 'fixed',
    middleware: [offset(8), flip({ padding: 8 }), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });

  const root = anchor.getRootNode() as Document | ShadowRoot;
  // Before the popover's first paint; a constructable sheet where the browser has them (shared/compat.ts).
  useLayoutEffect(() => {
    if (!(root instanceof ShadowRoot) || styledRoots.has(root)) return;
    styledRoots.add(root);
    adoptStyles(root, popoverStyles);
  }, [root]);

  useEffect(() => {
    popover.current?.focus();
    // Listening on the shadow root sees presses inside the widget with their real targets.
    const pressOutside = (event: Event) => {
      const path = event.composedPath();
      if (!path.includes(anchor) && !(popover.current && path.includes(popover.current))) onClose(false);
    };
    root.addEventListener('pointerdown', pressOutside);
    return () => root.removeEventListener('pointerdown', pressOutside);
  }, [root, anchor, onClose]);

  return (
    <div
      ref={(node) => {
        popover.current = node;
        refs.setFloating(node);
      }}
      id={id}
      role="dialog"
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
      className="help-popover"
      part="help-popover"
      style={floatingStyles}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // The key would also close the leaderboard dialog around the popover.
        event.preventDefault();
        event.stopPropagation();
        onClose(true);
      }}
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        // Back to its button: the button's own click toggles it.
        if (!next || next === anchor || popover.current?.contains(next)) return;
        onClose(false);
      }}
    >
      <p className="help-title" id={`${id}-title`}>
        {title}
      </p>
      {revenueHelp(topic, entry, t).map((text) => (
        <p key={text}>{text}</p>
      ))}
    </div>
  );
}
