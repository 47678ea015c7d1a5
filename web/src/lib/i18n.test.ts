import { describe, expect, it } from 'vitest';
import { localize, safeReturnPath, splitLang } from '../config/paths';
import { detectBrowserLanguage, getStoredLanguage, storeLanguage } from './i18n';

describe('language from the browser and the path', () => {
  it('picks Chinese for a zh browser, Japanese for ja, else English', () => {
    expect(detectBrowserLanguage(['zh-TW', 'en'])).toBe('zh');
    expect(detectBrowserLanguage(['ja-JP'])).toBe('ja');
    expect(detectBrowserLanguage(['fr-FR', 'en-GB'])).toBe('en');
  });

  it('stores only en, zh or ja as the preference', () => {
    expect(getStoredLanguage()).toBeNull();
    storeLanguage('ja');
    expect(getStoredLanguage()).toBe('ja');
    localStorage.setItem('preferredLanguage', 'fr');
    expect(getStoredLanguage()).toBeNull();
  });

  it('splits and builds prefixed paths', () => {
    expect(splitLang('/zh/login')).toEqual({ lang: 'zh', rest: '/login' });
    expect(splitLang('/ja')).toEqual({ lang: 'ja', rest: '/' });
    expect(splitLang('/zhx/login')).toEqual({ lang: 'en', rest: '/zhx/login' });
    expect(localize('/', 'zh')).toBe('/zh');
    expect(localize('/', 'en')).toBe('/');
    expect(localize('/profile', 'ja')).toBe('/ja/profile');
  });

  it('only accepts return paths on this site', () => {
    expect(safeReturnPath('/profile')).toBe('/profile');
    expect(safeReturnPath('//evil.example')).toBeNull();
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });
});
