import type { Localized } from '@studio/contracts/constants';

/** Localized columns hold JSON `{en, zh, ja}` (text on both dialects). */
export function parseLocalized(json: string): Localized {
  return JSON.parse(json) as Localized;
}

