/**
 * <store-rank-checker>: a store domain in, the leaderboard dialog out (docs/widgets.md, docs/contest.md).
 * Errors show the bottom-right `Error` toast with the API's message.
 */
import { ApolloProvider, useLazyQuery } from '@apollo/client/react';
import { useCallback, useId, useRef, useState } from 'react';
import { Form } from 'react-final-form';
import { leaderboardView } from '../../common/leaderboard-view.js';
import { useApiClient } from '../shared/api.js';
import { Dialog } from '../shared/dialog.js';
import { GET_STORE_LEADERBOARD, type StoreLeaderboard } from '../shared/documents.js';
import { emit } from '../shared/events.js';
import { FieldRow } from '../shared/field-row.js';
import { Toast, type ToastMessage } from '../shared/toast.js';
import { RevenueHelp } from './revenue-help.js';

type Values = { domain?: string };
type ErrorShape = { message?: string; errors?: { message?: string; extensions?: { code?: string } }[] };

const validate = (values: Values) => (values.domain?.trim() ? {} : { domain: 'Required' });

function errorDetail(error: unknown) {
  const first = (error as ErrorShape | undefined)?.errors?.[0];
  const message = first?.message || (error as ErrorShape | undefined)?.message || 'An error occurred';
  return { message, code: first?.extensions?.code ?? 'NETWORK' };
}

function LeaderboardDialog({
  entry,
  open,
  onClose,
  returnFocusTo,
}: {
  entry: StoreLeaderboard | null;
  open: boolean;
  onClose: () => void;
  returnFocusTo: HTMLElement | null;
}) {
  const view = leaderboardView(entry);
  const id = useId();
  const progress = Math.round(view.progress * 10) / 10;
  return (
    <Dialog open={open} onClose={onClose} returnFocusTo={returnFocusTo} label="Your New Year sales ranking">
      <div className="store" part="store">
        {view.logo ? (
          <img className="avatar" part="logo" src={view.logo} alt="" width={56} height={56} />
        ) : (
          <span className="avatar" part="avatar" aria-hidden="true">
            {view.initials}
          </span>
        )}
        <div>
          <p className="store-name" part="store-name">
            {view.name}
          </p>
          <p className="rank" part="rank">
            Rank <strong>{view.rank}</strong>
          </p>
        </div>
      </div>
      <div className="cards">
        <div className="card" part="card">
          <div className="card-head">
            <p className="card-label">Your Revenue</p>
            <RevenueHelp topic="yours" entry={entry} />
          </div>
          <p className="card-value">{view.yourRevenue}</p>
        </div>
        <div className="card" part="card">
          <div className="card-head">
            <p className="card-label">Winner's Revenue</p>
            <RevenueHelp topic="winners" entry={entry} />
          </div>
          <p className="card-value">{view.winnersRevenue}</p>
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
        <span>You started here.</span>
        <span>Your goal is here.</span>
      </div>
      <p className="goal" id={`${id}-goal`} part="goal">
        {view.sellOver}
      </p>
    </Dialog>
  );
}

function StoreRankCheckerForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const [lookup] = useLazyQuery<{ getStoreLeaderboard: StoreLeaderboard }>(GET_STORE_LEADERBOARD, {
    fetchPolicy: 'network-only',
  });
  const [entry, setEntry] = useState<StoreLeaderboard | null>(null);
  const [open, setOpen] = useState(false);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const clearToast = useCallback(() => setToast(null), []);

  const onSubmit = async (values: Values) => {
    const form = formRef.current;
    try {
      const result = await lookup({ variables: { query: { domain: values.domain?.trim() ?? '' } } });
      if (result.error || !result.data) throw result.error;
      const data = result.data.getStoreLeaderboard;
      setEntry(data);
      setOpener(form?.querySelector('button[type="submit"]') ?? null);
      setOpen(true);
      if (form) emit(form, 'store-rank-result', { ...data });
    } catch (error) {
      const detail = errorDetail(error);
      setToast({ title: 'Error', description: detail.message, status: 'error', id: Date.now() });
      if (form) emit(form, 'store-rank-error', detail);
    }
  };

  return (
    <>
      <Form<Values>
        onSubmit={onSubmit}
        validate={validate}
        render={({ handleSubmit, invalid, submitting }) => (
          <form ref={formRef} className="form" part="form" noValidate onSubmit={handleSubmit}>
            <FieldRow
              id={id}
              name="domain"
              label="Store domain"
              submitLabel="Check my rank"
              busyLabel="Checking…"
              disabled={invalid || submitting}
              busy={submitting}
              inputProps={{
                type: 'text',
                inputMode: 'url',
                autoComplete: 'url',
                autoCapitalize: 'none',
                spellCheck: false,
                placeholder: 'yourstore.kasuwa.shop',
              }}
            />
          </form>
        )}
      />
      <LeaderboardDialog entry={entry} open={open} onClose={() => setOpen(false)} returnFocusTo={opener} />
      <Toast message={toast} placement="bottom-right" onDone={clearToast} />
    </>
  );
}

export function StoreRankChecker({ container, apiUrl }: { container?: ShadowRoot | HTMLElement; apiUrl?: string }) {
  const client = useApiClient(container, apiUrl);
  return (
    <ApolloProvider client={client}>
      <StoreRankCheckerForm />
    </ApolloProvider>
  );
}
