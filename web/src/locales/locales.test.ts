import { ErrorCode } from '@studio/contracts/errors';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './en';
import ja from './ja';
import zh from './zh';

function flatten(value: unknown, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (child && typeof child === 'object') Object.assign(out, flatten(child, name));
    else out[name] = String(child);
  }
  return out;
}

const locales = { en: flatten(en), zh: flatten(zh), ja: flatten(ja) };
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('locale files', () => {
  it('have the same keys in en, zh and ja', () => {
    const keys = Object.keys(locales.en).sort();
    expect(Object.keys(locales.zh).sort()).toEqual(keys);
    expect(Object.keys(locales.ja).sort()).toEqual(keys);
  });

  it('have no empty messages and the same placeholders in every language', () => {
    for (const [key, text] of Object.entries(locales.en)) {
      for (const lang of ['en', 'zh', 'ja'] as const) {
        expect(locales[lang][key].trim(), `${lang}:${key}`).not.toBe('');
        expect(placeholders(locales[lang][key]), `${lang}:${key}`).toEqual(placeholders(text));
      }
    }
  });

  it('translate every error code of the catalogue', () => {
    for (const code of Object.values(ErrorCode)) expect(locales.en[`errors.${code}`], `errors.${code}`).toBeTruthy();
  });

  it('translate every validation key used by the shared schemas', () => {
    const dir = path.resolve(__dirname, '../../../contracts/src');
    const used = new Set<string>();
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
      for (const match of readFileSync(path.join(dir, file), 'utf8').matchAll(/'(validation\.\w+)'/g)) used.add(match[1]);
    }
    expect(used.size).toBeGreaterThan(5);
    for (const key of used) expect(locales.en[key], key).toBeTruthy();
  });

  it('cover every t() key used by the web app', () => {
    const root = path.resolve(__dirname, '..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) files.push(full);
      }
    };
    walk(root);
    const missing: string[] = [];
    for (const file of files) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bt\('([a-zA-Z]+\.[\w.-]+)'/g)) {
        if (!(match[1] in locales.en)) missing.push(`${path.relative(root, file)}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
