import type { Language } from '@studio/contracts/constants';

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
