import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

// The gateway writes per-page head tags for crawlers; once the app runs, each page renders its own.
document.head.querySelectorAll('[data-ssr]').forEach((el) => el.remove());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
