import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { localize, splitLang } from '../config/paths';
import { carryTypedInput } from '../lib/carry-input';
import { initI18n, preferredLanguage } from '../lib/i18n';
import { InitialDataProvider, readInitialData } from '../lib/initial-data';
import { App } from './app';
import { createRouter } from './router';

/** Starts the app over the page (main.tsx loads this module once React is ready). */
export async function startApp(): Promise<void> {
  // An unprefixed entry URL follows the stored preference (or the browser language when none is stored).
  const { lang, rest } = splitLang(window.location.pathname);
  let pageLang = lang;
  if (lang === 'en') {
    const preferred = preferredLanguage();
    if (preferred !== 'en') {
      window.history.replaceState(null, '', `${localize(rest, preferred)}${window.location.search}${window.location.hash}`);
      pageLang = preferred;
    }
  }

  // The page's messages and its route module load in parallel; the first render waits for both,
  // so it draws the finished page (over the server's HTML where there is one) with no blank step.
  const router = createRouter();
  const routerReady = new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
  await Promise.all([initI18n(pageLang), routerReady]);

  const container = document.getElementById('root')!;
  // The data a server-rendered page was drawn with, so the first render matches its HTML.
  const initialData = readInitialData(document);
  const restoreInput = carryTypedInput(container);
  const root = createRoot(container);
  // A transition renders in slices, keeping the main thread free for input.
  startTransition(() => {
    root.render(
      <StrictMode>
        <InitialDataProvider value={initialData}>
          <App router={router} />
        </InitialDataProvider>
      </StrictMode>,
    );
  });
  restoreInput();
}
