/**
 * <pricing-plans>: the four plan cards (plan-card.tsx, docs/widgets-api.md) in a labelled carousel: a
 * scroll-snap strip that scrolls natively by touch, drags with a mouse (carousel.ts), moves with arrow keys
 * and the previous/next buttons; on small screens dots mark the card at least half visible.
 */
import { msg } from '@lingui/core/macro';
import { useId, useRef, useState } from 'react';
import { ANNUAL_SAVING_LABEL, type BillingPeriod, DEFAULT_BILLING_PERIOD, plans } from '../../common/plans.js';
import { emit } from '../shared/define.js';
import { useI18n } from '../shared/i18n.js';
import '../shared/message-values.js';
import { useCardsInView, useDragScroll } from './carousel.js';
import { PlanCard } from './plan-card.js';

const M = {
  plans: msg({ id: 'pricing.label', message: 'Plans' }),
  billingPeriod: msg({ id: 'pricing.billing-period', message: 'Billing period' }),
  monthly: msg({ id: 'pricing.monthly', message: 'Monthly' }),
  annual: msg({ id: 'pricing.annual', message: 'Annual' }),
  previous: msg({ id: 'pricing.previous', message: 'Previous plan' }),
  next: msg({ id: 'pricing.next', message: 'Next plan' }),
  strip: msg({ id: 'pricing.strip', message: 'Plans, use the arrow keys to move' }),
  show: msg({ id: 'pricing.show', message: 'Show {plan}' }),
};

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
            <PlanCard key={plan.id} plan={plan} index={index} period={period} t={t} />
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
