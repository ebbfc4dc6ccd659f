/**
 * <store-rank-checker>: a store domain in, the leaderboard dialog out (docs/widgets-api.md, docs/contest.md).
 * The dialog opens in the frame of the click, its values as placeholders until the answer comes (a
 * cheap phone on 3G waits a second or more for it); an error closes it and shows the API's message
 * under the field until the reader types again.
 */
import { msg } from '@lingui/core/macro';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Form } from 'react-final-form';
import { LEADERBOARD_FIELDS } from '../../common/leaderboard.js';
import { leaderboardView } from '../../common/leaderboard-view.js';
import { type Api, apiErrorText, useApi } from '../shared/api.js';
import { emit } from '../shared/define.js';
import { Dialog } from '../shared/dialog.js';
import type { StoreLeaderboard } from '../shared/documents.js';
import { carriedOver } from '../shared/fallback.js';
import { FieldRow } from '../shared/field-row.js';
import { useI18n } from '../shared/i18n.js';
import '../shared/message-values.js';
import { SHARED } from '../shared/messages.js';
import { RevenueHelp } from './revenue-help.js';

type Values = { domain?: string };
type ErrorShape = { message?: string; errors?: { message?: string; extensions?: { code?: string } }[] };

const FORM_SUBSCRIPTION = { submitting: true, invalid: true };

const M = {
  dialog: msg({ id: 'rank.dialog', message: 'Your New Year sales ranking' }),
  rank: msg({ id: 'rank.rank', message: 'Rank' }),
  yourRevenue: msg({ id: 'rank.your-revenue', message: 'Your Revenue' }),
  winnersRevenue: msg({ id: 'rank.winners-revenue', message: "Winner's Revenue" }),
  started: msg({ id: 'rank.started', message: 'You started here.' }),
  goal: msg({ id: 'rank.goal', message: 'Your goal is here.' }),
  domain: msg({ id: 'rank.domain', message: 'Store domain' }),
  check: msg({ id: 'rank.check', message: 'Check my rank' }),
  checking: msg({ id: 'rank.checking', message: 'Checking…' }),
  placeholder: msg({ id: 'rank.placeholder', message: 'yourstore.kasuwa.shop' }),
};

/** The answer as store-rank-result documents it: the schema's fields, not the API client's __typename. */
const documentedFields = (data: StoreLeaderboard): StoreLeaderboard =>
  Object.fromEntries(
    Object.keys(LEADERBOARD_FIELDS).map((field) => [field, data[field as keyof StoreLeaderboard]]),
  ) as StoreLeaderboard;

/** The event's detail keeps the API's own message and code; the field says it in the widget's language. */
function errorDetail(error: unknown) {
  const first = (error as ErrorShape | undefined)?.errors?.[0];
  const message = first?.message || (error as ErrorShape | undefined)?.message || 'An error occurred';
  return { message, code: first?.extensions?.code ?? 'NETWORK', answer: first };
}

/** A value still on its way: a placeholder bar of the text's height, so nothing moves when it comes. */
const pending = (loading: boolean, value: ReactNode) =>
  loading ? <span className="placeholder" aria-hidden="true" /> : value;

/** The "?" explains the answer, so it comes with it; until then an empty slot of its size. */
const helpOrSlot = (loading: boolean, topic: 'yours' | 'winners', entry: StoreLeaderboard | null) =>
  loading ? <span className="help-slot" aria-hidden="true" /> : <RevenueHelp topic={topic} entry={entry} />;

function LeaderboardDialog({
  entry,
  open,
  onClose,
  returnFocusTo,
}: {
  /** null while the answer is on its way. */
  entry: StoreLeaderboard | null;
  open: boolean;
  onClose: () => void;
  returnFocusTo: HTMLElement | null;
}) {
  const loading = entry === null;
  const { t } = useI18n();
  const view = leaderboardView(entry, t);
  const id = useId();
  const progress = view.progressLabel;
  return (
    <Dialog open={open} onClose={onClose} returnFocusTo={returnFocusTo} label={t(M.dialog)} busy={loading}>
      <div className="store" part="store">
        {loading ? (
          <span className="avatar placeholder" aria-hidden="true" />
        ) : view.logo ? (
          <img className="avatar" part="logo" src={view.logo} alt="" width={56} height={56} />
        ) : (
          <span className="avatar" part="avatar" aria-hidden="true">
            {view.initials}
          </span>
        )}
        <div>
          <p className="store-name" part="store-name">
            {pending(loading, view.name)}
          </p>
          <p className="rank" part="rank">
            {t(M.rank)} <strong>{pending(loading, view.rank)}</strong>
          </p>
        </div>
      </div>
      <div className="cards">
        <div className="card" part="card">
          <div className="card-head">
            <p className="card-label">{t(M.yourRevenue)}</p>
            {helpOrSlot(loading, 'yours', entry)}
          </div>
          <p className="card-value">{pending(loading, view.yourRevenue)}</p>
        </div>
        <div className="card" part="card">
          <div className="card-head">
            <p className="card-label">{t(M.winnersRevenue)}</p>
            {helpOrSlot(loading, 'winners', entry)}
          </div>
          <p className="card-value">{pending(loading, view.winnersRevenue)}</p>
        </div>
      </div>
      <div
        className="progress"
        part="progress"
        role="progressbar"
        aria-labelledby={`${id}-goal`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={`${progress}%`}
      >
        <div className="progress-fill" part="progress-fill" style={{ width: `${view.progress}%` }} />
      </div>
      <div className="progress-labels">
        <span>{t(M.started)}</span>
        <span>{t(M.goal)}</span>
      </div>
      <p className="goal" id={`${id}-goal`} part="goal">
        {pending(loading, view.sellOver)}
      </p>
    </Dialog>
  );
}

function StoreRankCheckerForm({ api, host }: { api: Api; host: Element | null }) {
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const [fallback] = useState(() => carriedOver(host));
  const [entry, setEntry] = useState<StoreLeaderboard | null>(null);
  const [open, setOpen] = useState(false);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  // A failed lookup's message stays under the field until the reader types again.
  const [failure, setFailure] = useState<string | null>(null);
  const { t } = useI18n();

  const onSubmit = async (values: Values) => {
    const form = formRef.current;
    // The dialog answers the tap at once; Esc before the answer returns to the field (the button is
    // disabled while checking).
    setEntry(null);
    setFailure(null);
    setOpener(form?.querySelector('input') ?? null);
    setOpen(true);
    try {
      const result = await api.query<{ getStoreLeaderboard: StoreLeaderboard }>('getStoreLeaderboard', {
        query: { domain: values.domain?.trim() ?? '' },
      });
      const data = result.getStoreLeaderboard;
      setEntry(data);
      setOpener(form?.querySelector('button[type="submit"]') ?? null);
      if (form) emit(form, 'store-rank-result', documentedFields(data));
    } catch (error) {
      // Closed, and focus back in the field to correct the domain, with the reason under it.
      setOpen(false);
      const { answer, ...detail } = errorDetail(error);
      setFailure(await apiErrorText(t, answer));
      if (form) emit(form, 'store-rank-error', detail);
    }
  };

  return (
    <>
      <Form<Values>
        onSubmit={onSubmit}
        initialValues={fallback.values}
        // Re-rendered only when these change, not on every keystroke (the field renders itself).
        subscription={FORM_SUBSCRIPTION}
        validate={(values: Values) => (values.domain?.trim() ? {} : { domain: t(SHARED.required) })}
        render={({ handleSubmit, invalid, submitting }) => (
          <form ref={formRef} className="form" part="form" noValidate {...api.onIntent} onSubmit={handleSubmit}>
            <FieldRow
              id={id}
              name="domain"
              label={t(M.domain)}
              submitLabel={t(M.check)}
              busyLabel={t(M.checking)}
              disabled={invalid || submitting}
              busy={submitting}
              carriedFocus={fallback.focus}
              message={failure}
              inputProps={{
                onInput: () => setFailure(null),
                type: 'text',
                inputMode: 'url',
                autoComplete: 'url',
                autoCapitalize: 'none',
                spellCheck: false,
                placeholder: t(M.placeholder),
              }}
            />
          </form>
        )}
      />
      <LeaderboardDialog entry={entry} open={open} onClose={() => setOpen(false)} returnFocusTo={opener} />
    </>
  );
}

export function StoreRankChecker({ container }: { container?: ShadowRoot | HTMLElement; apiUrl?: string }) {
  const api = useApi(container);
  return <StoreRankCheckerForm api={api} host={container instanceof ShadowRoot ? container.host : null} />;
}
