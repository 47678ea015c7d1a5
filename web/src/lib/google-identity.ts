import type { Language } from '@studio/contracts/constants';
import { useEffect, useRef, useState } from 'react';
import { useClientConfig } from './client-config';

/** The part of Google Identity Services the site uses: a sign-in button that yields an ID token. */
export interface GoogleIdentity {
  accounts: {
    id: {
      initialize: (options: { client_id: string; callback: (response: { credential: string }) => void; ux_mode?: string }) => void;
      renderButton: (element: HTMLElement, options: Record<string, unknown>) => void;
    };
  };
}

const GIS_SRC = 'https://accounts.google.com/gsi/client';
export const gisLocale: Record<Language, string> = { en: 'en', zh: 'zh_CN', ja: 'ja' };
let gisLoading: Promise<GoogleIdentity> | null = null;

/** Loads Google Identity Services once, only where a Google button is shown (the operator configured a client id). */
export function loadGis(): Promise<GoogleIdentity> {
  gisLoading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GIS_SRC;
    script.async = true;
    script.onload = () => {
      const google = (window as unknown as { google?: GoogleIdentity }).google;
      if (google) resolve(google);
      else reject(new Error('Google Identity Services missing'));
    };
    script.onerror = () => {
      gisLoading = null;
      reject(new Error('Google Identity Services failed to load'));
    };
    document.head.appendChild(script);
  });
  return gisLoading;
}

/**
 * Google's sign-in button, rendered into the returned container once the operator configured a
 * client id: each ID token it yields goes to `onCredential` (the latest one the caller passed).
 * `fitWidth` sizes the button to its container (the login form), up to Google's 400 px.
 */
export function useGoogleButton(onCredential: (token: string) => void, lang: Language, fitWidth = false) {
  const clientId = useClientConfig()?.googleClientId ?? null;
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef(onCredential);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    latest.current = onCredential;
  });

  useEffect(() => {
    if (!clientId) return;
    let live = true;
    loadGis()
      .then((google) => {
        if (!live || !container.current) return;
        google.accounts.id.initialize({ client_id: clientId, callback: ({ credential }) => latest.current(credential) });
        const width = fitWidth ? { width: Math.min(container.current.offsetWidth || 320, 400) } : {};
        google.accounts.id.renderButton(container.current, { theme: 'outline', size: 'large', shape: 'pill', text: 'continue_with', ...width, locale: gisLocale[lang] });
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [clientId, lang, fitWidth]);

  return { clientId, container, failed };
}
