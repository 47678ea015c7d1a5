import type { Language } from '@studio/contracts/constants';
import { useLocation } from 'react-router';
import { splitLang } from '../config/paths';

/** The page language comes from the path prefix. */
export function useLang(): Language {
  return splitLang(useLocation().pathname).lang;
}
