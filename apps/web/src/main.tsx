import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { receivePushMessages } from './features/notifications/push-messages.ts';

// Before anything renders: what /sw.js posts while the console shell loads is held for it, not lost.
receivePushMessages();

const rootElement = document.getElementById('root');
// A page without its root element cannot show anything: fail loudly (super-admin §2 "Fallbacks").
if (!rootElement) throw new Error('Root element #root not found');

const root = createRoot(rootElement);

import('./app/App.tsx')
  .then(({ App }) =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  )
  .catch((error: unknown) => {
    console.error(error);
    // i18n may be what failed to load, so this one text is not translated.
    root.render(
      <div role="alert" style={{ font: '16px system-ui', padding: '3rem', textAlign: 'center' }}>
        <h1 style={{ fontSize: '1.25rem' }}>Failed to load application</h1>
        <button type="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>,
    );
  });
