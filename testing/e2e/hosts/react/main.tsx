import { loadKasuwaWidgets } from '@kasuwa/widgets';
import '@kasuwa/widgets/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';

// Once, before the app renders: the tags on the page are defined as they near the viewport.
void loadKasuwaWidgets({ origin: 'https://kasuwa.shop' });

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
