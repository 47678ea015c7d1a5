/** `tokenExpired` (product-spec §4): raised when the session cannot be kept; the auth state clears the user. */
const target = new EventTarget();
const TOKEN_EXPIRED = 'tokenExpired';

export function emitTokenExpired(reason: string): void {
  target.dispatchEvent(new CustomEvent(TOKEN_EXPIRED, { detail: { reason } }));
}

export function onTokenExpired(handler: (reason: string) => void): () => void {
  const listener = (event: Event) => handler((event as CustomEvent<{ reason: string }>).detail.reason);
  target.addEventListener(TOKEN_EXPIRED, listener);
  return () => target.removeEventListener(TOKEN_EXPIRED, listener);
}
