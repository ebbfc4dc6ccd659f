import { openStartSelling, ready, type StartSellingModalElement } from '@kasuwa/widgets';
import { useRef, useState } from 'react';

export function App() {
  const [shown, setShown] = useState(true);
  const [period, setPeriod] = useState<'annual' | 'monthly'>('annual');
  const [rank, setRank] = useState<number | null>(null);
  const [signedUp, setSignedUp] = useState(false);
  const modal = useRef<StartSellingModalElement>(null);

  // The tags are defined lazily: wait for the modal's code before calling its methods.
  async function openModal(opener: HTMLElement) {
    await ready('start-selling-modal');
    modal.current?.show(opener);
  }

  return (
    <main>
      <button type="button" onClick={() => setShown(!shown)}>
        {shown ? 'Hide widgets' : 'Show widgets'}
      </button>
      <button type="button" onClick={() => setPeriod(period === 'annual' ? 'monthly' : 'annual')}>
        Show {period === 'annual' ? 'monthly' : 'annual'} prices
      </button>
      <button type="button" onClick={(event) => void openModal(event.currentTarget)}>
        Open signup
      </button>
      <button type="button" onClick={(event) => void openStartSelling(event.currentTarget)}>
        Join Kasuwa
      </button>
      <p>{rank === null ? 'No rank yet' : `Your rank: ${rank}`}</p>
      <p>{signedUp ? 'Signed up' : 'Not signed up yet'}</p>
      {shown && (
        <>
          <start-selling-form partner="react-host" onstart-selling-success={() => setSignedUp(true)} />
          <store-rank-checker onstore-rank-result={(event) => setRank(event.detail.rank)} />
          <pricing-plans period={period} onpricing-period-change={(event) => setPeriod(event.detail.period)} />
          <start-selling-modal ref={modal} partner="react-host" />
        </>
      )}
    </main>
  );
}
