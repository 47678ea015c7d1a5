import { createContext, useContext } from 'react';

/**
 * Data the server already used to render a page (the category page's category and first images),
 * keyed like the screens' resources. The client reads it from the page's JSON block, so its first
 * render draws the same content as the server's HTML instead of a spinner; each entry serves one
 * first render only, later visits load fresh data.
 */
export type InitialData = Map<string, unknown>;

const InitialDataContext = createContext<InitialData>(new Map());

export const InitialDataProvider = InitialDataContext.Provider;

export function useInitialData(): InitialData {
  return useContext(InitialDataContext);
}

export const INITIAL_DATA_ID = 'initial-data';

/** The JSON block's text: "<" escaped, so nothing in the data can close the tag. */
export function serializeInitialData(data: Record<string, unknown>): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** Reads the page's JSON block (absent on most pages). */
export function readInitialData(doc: Document): InitialData {
  const text = doc.getElementById(INITIAL_DATA_ID)?.textContent;
  if (!text) return new Map();
  try {
    return new Map(Object.entries(JSON.parse(text) as Record<string, unknown>));
  } catch {
    return new Map();
  }
}
