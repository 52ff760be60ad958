import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadRoute } from './app/routes';

// The gateway writes per-page head tags for crawlers; once the app runs, each page renders its own.
document.head.querySelectorAll('[data-ssr]').forEach((el) => el.remove());

// The gateway preloads the page's chunks; waiting for them here makes the first paint the page itself.
// If a chunk fails, render anyway: the route loads it lazily (and shows its error) as on any navigation.
// The first render runs as a transition so React yields to the browser every few milliseconds instead of
// holding the main thread for the whole page (a phone stays responsive while the page mounts).
void preloadRoute(window.location.pathname)
  .catch(() => undefined)
  .then(() => {
    const root = createRoot(document.getElementById('root')!);
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  });
