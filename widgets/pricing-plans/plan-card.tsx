/** One plan's card in <pricing-plans>: its title, description, price for the period, Get Started and benefits. */
import { msg } from '@lingui/core/macro';
import { formatNaira } from '../../common/money.js';
import { type BillingPeriod, periodLabel, plans } from '../../common/plans.js';
import { emit } from '../shared/define.js';
import type { useI18n } from '../shared/i18n.js';
import '../shared/message-values.js';

const M = {
  slide: msg({ id: 'pricing.slide', message: '{plan}, {index} of {count}' }),
  recommended: msg({ id: 'pricing.recommended', message: 'Recommended' }),
  getStarted: msg({ id: 'pricing.get-started', message: 'Get Started' }),
  getStartedWith: msg({ id: 'pricing.get-started-with', message: 'Get Started with {plan}' }),
};

export function PlanCard({
  plan,
  index,
  period,
  t,
}: {
  plan: (typeof plans)[number];
  index: number;
  period: BillingPeriod;
  t: ReturnType<typeof useI18n>['t'];
}) {
  return (
    <li
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
          if (!emit(event.currentTarget, 'pricing-plan-select', detail, { cancelable: true })) event.preventDefault();
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
  );
}
