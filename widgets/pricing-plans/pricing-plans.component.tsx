/**
 * <pricing-plans>: the four plan cards (docs/widgets-api.md) in a labelled carousel: a scroll-snap
 * strip that scrolls natively by touch, drags with a mouse, moves with arrow keys and the
 * previous/next buttons; on small screens dots mark the card at least half visible.
 */
import { msg } from '@lingui/core/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { formatNaira } from '../../common/money.js';
import {
  ANNUAL_SAVING_LABEL,
  type BillingPeriod,
  DEFAULT_BILLING_PERIOD,
  periodLabel,
  plans,
} from '../../common/plans.js';
import { emit } from '../shared/define.js';
import { useI18n } from '../shared/i18n.js';
import '../shared/message-values.js';

const M = {
  plans: msg({ id: 'pricing.label', message: 'Plans' }),
  billingPeriod: msg({ id: 'pricing.billing-period', message: 'Billing period' }),
  monthly: msg({ id: 'pricing.monthly', message: 'Monthly' }),
  annual: msg({ id: 'pricing.annual', message: 'Annual' }),
  previous: msg({ id: 'pricing.previous', message: 'Previous plan' }),
  next: msg({ id: 'pricing.next', message: 'Next plan' }),
  strip: msg({ id: 'pricing.strip', message: 'Plans, use the arrow keys to move' }),
  slide: msg({ id: 'pricing.slide', message: '{plan}, {index} of {count}' }),
  recommended: msg({ id: 'pricing.recommended', message: 'Recommended' }),
  getStarted: msg({ id: 'pricing.get-started', message: 'Get Started' }),
  getStartedWith: msg({ id: 'pricing.get-started-with', message: 'Get Started with {plan}' }),
  show: msg({ id: 'pricing.show', message: 'Show {plan}' }),
};

/** Share of a card that must be visible for its dot to be current (docs/widgets-api.md). */
export const VISIBLE_THRESHOLD = 0.5;

function useDragScroll(strip: React.RefObject<HTMLElement | null>) {
  const moved = useRef(false);
  useEffect(() => {
    const el = strip.current;
    if (!el) return;
    let start: { x: number; left: number; id: number } | null = null;
    const down = (event: PointerEvent) => {
      // Touch and pen scroll natively; only the mouse needs help.
      if (event.pointerType !== 'mouse' || event.button !== 0) return;
      start = { x: event.clientX, left: el.scrollLeft, id: event.pointerId };
      moved.current = false;
    };
    const move = (event: PointerEvent) => {
      if (!start) return;
      const dx = event.clientX - start.x;
      if (!moved.current && Math.abs(dx) < 5) return;
      if (!moved.current) {
        moved.current = true;
        try {
          el.setPointerCapture(start.id);
        } catch {
          // The pointer is already gone; the drag still works without capture.
        }
        el.classList.add('dragging');
      }
      el.scrollLeft = start.left - dx;
    };
    const up = () => {
      if (!start) return;
      start = null;
      if (!el.classList.contains('dragging')) return;
      // Snapping comes back on and settles on the nearest card.
      const left = el.scrollLeft;
      el.classList.remove('dragging');
      el.scrollLeft = left;
    };
    // A drag must not also press the Get Started button it ended on.
    const click = (event: MouseEvent) => {
      if (moved.current) {
        event.stopPropagation();
        event.preventDefault();
        moved.current = false;
      }
    };
    el.addEventListener('pointerdown', down);
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', up);
    el.addEventListener('click', click, true);
    return () => {
      el.removeEventListener('pointerdown', down);
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      el.removeEventListener('pointercancel', up);
      el.removeEventListener('click', click, true);
    };
  }, [strip]);
}

/** The cards at least half visible; the first of them is the one "in view" for the dots. */
function useCardsInView(strip: React.RefObject<HTMLElement | null>) {
  const [visible, setVisible] = useState<number[]>([0]);
  useEffect(() => {
    const el = strip.current;
    if (!el) return;
    const shown = new Set<number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const index = Number((entry.target as HTMLElement).dataset.index);
          if (entry.isIntersecting) shown.add(index);
          else shown.delete(index);
        }
        if (shown.size) setVisible([...shown].sort((a, b) => a - b));
      },
      { root: el, threshold: VISIBLE_THRESHOLD },
    );
    for (const card of el.querySelectorAll('.plan')) observer.observe(card);
    return () => observer.disconnect();
  }, [strip]);
  return visible;
}

export function PricingPlans({
  period: requestedPeriod,
  label,
  container,
}: {
  period?: string;
  /** Name of the carousel; give each one on a page its own. */
  label?: string;
  container?: ShadowRoot | HTMLElement;
}) {
  const requested: BillingPeriod =
    requestedPeriod === 'monthly' || requestedPeriod === 'annual' ? requestedPeriod : DEFAULT_BILLING_PERIOD;
  const [period, setPeriod] = useState<BillingPeriod>(requested);
  // A host that changes the period option (React state, a Vue binding) switches the cards; no
  // pricing-period-change for it, since the host made the change itself.
  const [lastRequested, setLastRequested] = useState(requested);
  if (requested !== lastRequested) {
    setLastRequested(requested);
    setPeriod(requested);
  }
  const strip = useRef<HTMLUListElement>(null);
  const id = useId();
  const { t } = useI18n();
  useDragScroll(strip);
  const visible = useCardsInView(strip);
  const active = visible[0] ?? 0;
  const atEnd = visible.includes(plans.length - 1);
  const host = container instanceof ShadowRoot ? container.host : null;

  const choose = (next: BillingPeriod) => {
    if (next === period) return;
    setPeriod(next);
    if (!host) return;
    // Reflected, so the element's period is what the reader chose, and setting it back works.
    host.setAttribute('period', next);
    emit(host, 'pricing-period-change', { period: next });
  };

  const goTo = (index: number) => {
    const el = strip.current;
    const card = el?.querySelectorAll<HTMLElement>('.plan')[Math.max(0, Math.min(plans.length - 1, index))];
    const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (el && card) el.scrollTo({ left: card.offsetLeft - el.offsetLeft, behavior: still ? 'auto' : 'smooth' });
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: active + 1,
      ArrowLeft: active - 1,
      Home: 0,
      End: plans.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined || event.target !== strip.current) return;
    event.preventDefault();
    goTo(target);
  };

  return (
    <section className="pricing" part="pricing" aria-roledescription="carousel" aria-labelledby={`${id}-label`}>
      <h2 id={`${id}-label`} className="visually-hidden">
        {label || t(M.plans)}
      </h2>
      <fieldset className="toggle" part="toggle">
        <legend className="visually-hidden">{t(M.billingPeriod)}</legend>
        <button
          type="button"
          className="toggle-option"
          aria-pressed={period === 'monthly'}
          onClick={() => choose('monthly')}
        >
          {t(M.monthly)}
        </button>
        <button
          type="button"
          className="toggle-option"
          aria-pressed={period === 'annual'}
          onClick={() => choose('annual')}
        >
          {t(M.annual)}{' '}
          <span className="saving" part="saving">
            {t(ANNUAL_SAVING_LABEL)}
          </span>
        </button>
      </fieldset>
      <div className="carousel">
        <button
          type="button"
          className="nav prev"
          part="nav"
          aria-label={t(M.previous)}
          onClick={() => goTo(active - 1)}
          disabled={active === 0}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <ul
          ref={strip}
          className="strip"
          part="strip"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (arrow keys move it)
          tabIndex={0}
          aria-label={t(M.strip)}
          onKeyDown={onKeyDown}
        >
          {plans.map((plan, index) => (
            <li
              key={plan.id}
              className={`plan${plan.recommended ? ' recommended' : ''}`}
              part={`plan${plan.recommended ? ' plan-recommended' : ''}`}
              data-index={index}
              aria-roledescription="slide"
              aria-label={t(M.slide, { plan: t(plan.title), index: index + 1, count: plans.length })}
            >
              {plan.recommended && (
                <p className="badge" part="badge">
                  {t(M.recommended)}
                </p>
              )}
              <h3 className="plan-title">{t(plan.title)}</h3>
              <p className="plan-description">{t(plan.description)}</p>
              <p className="price" part="price">
                <span className="amount">{formatNaira(plan.prices[period])}</span>
                <span className="period">{t(periodLabel(period))}</span>
              </p>
              <button
                type="button"
                className="button"
                part="button"
                data-start-selling=""
                aria-label={t(M.getStartedWith, { plan: t(plan.title) })}
                onClick={(event) => {
                  // Cancelled by the page: the start-selling modal stays closed.
                  const detail = { plan: plan.id, period };
                  if (!emit(event.currentTarget, 'pricing-plan-select', detail, { cancelable: true }))
                    event.preventDefault();
                }}
              >
                {t(M.getStarted)}
              </button>
              <ul className="benefits" part="benefits">
                {plan.benefits.map((benefit) => (
                  <li key={benefit.id}>{t(benefit)}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="nav next"
          part="nav"
          aria-label={t(M.next)}
          onClick={() => goTo(active + 1)}
          disabled={atEnd}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div className="dots" part="dots">
        {plans.map((plan, index) => (
          <button
            type="button"
            key={plan.id}
            className="dot"
            part="dot"
            aria-label={t(M.show, { plan: t(plan.title) })}
            aria-current={index === active ? 'true' : undefined}
            onClick={() => goTo(index)}
          />
        ))}
      </div>
    </section>
  );
}
