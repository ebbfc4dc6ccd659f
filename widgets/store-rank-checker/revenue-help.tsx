/**
 * The "?" button beside a card of the leaderboard dialog. Its popover (and @floating-ui/react, which
 * positions it) is a separate chunk imported on the first open, so the bundle a page pulls stays the same.
 */
import { msg } from '@lingui/core/macro';
import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import type { StoreLeaderboard } from '../shared/documents.js';
import { useI18n } from '../shared/i18n.js';
import type { RevenueTopic } from './revenue-help.logic.js';

const RevenueHelpPopover = lazy(() => import('./revenue-help-popover.js'));

const TITLES = {
  yours: msg({ id: 'rank.your-revenue', message: 'Your Revenue' }),
  winners: msg({ id: 'rank.winners-revenue', message: "Winner's Revenue" }),
};
const WHAT_IS = msg({ id: 'help.what-is', message: 'What is {title}?' });

export function RevenueHelp({ topic, entry }: { topic: RevenueTopic; entry: StoreLeaderboard | null }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  const { t } = useI18n();
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="help"
        part="help-button"
        aria-label={t(WHAT_IS, { title: t(TITLES[topic]) })}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          // Esc closes the popover, not the dialog around it.
          if (event.key !== 'Escape' || !open) return;
          event.preventDefault();
          event.stopPropagation();
          close(true);
        }}
      />
      {open && button.current ? (
        <Suspense fallback={null}>
          <RevenueHelpPopover
            id={id}
            anchor={button.current}
            title={t(TITLES[topic])}
            topic={topic}
            entry={entry}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </>
  );
}
