import { ErrorCode } from '@studio/contracts/errors';
import { Linter } from 'eslint';
import { readFileSync, readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import { uiTextPlugin } from '../../../eslint.config.ui-text-rule.js';
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

  it('miss no key in zh or ja, naming each missing or extra key', () => {
    for (const lang of ['zh', 'ja'] as const) {
      const missing = Object.keys(locales.en).filter((key) => !(key in locales[lang]));
      const extra = Object.keys(locales[lang]).filter((key) => !(key in locales.en));
      expect(missing, `keys missing in ${lang}`).toEqual([]);
      expect(extra, `keys in ${lang} but not in en`).toEqual([]);
    }
  });

  // One word per idea in each language (issue 37): the site's American English, カテゴリ (not
  // カテゴリー) in Japanese, 涂色 in Chinese (填色 only in the set phrase 数字填色, colour by number).
  const notOurWord: Record<'en' | 'zh' | 'ja', RegExp[]> = {
    en: [/\bcolour/i, /\bfavourite/i, /\bgrey\b/i],
    zh: [/(?<!数字)填色/],
    ja: [/カテゴリー/],
  };
  it('use one spelling of each word per language', () => {
    const found: string[] = [];
    for (const lang of ['en', 'zh', 'ja'] as const) {
      for (const [key, text] of Object.entries(locales[lang])) {
        for (const variant of notOurWord[lang]) if (variant.test(text)) found.push(`${lang} ${key}: ${text}`);
      }
    }
    expect(found).toEqual([]);
  });

  // Language names are written in their own language ("English", "中文", "日本語") on every page.
  // Language names are written in their own language; people keep their names.
  const sameInEveryLanguage = (key: string) => key.startsWith('languages.') || /\.testimonials\.\w+\.name$/.test(key);

  it('leave no English in zh and ja: every message with words has Chinese or Japanese text', () => {
    const english: string[] = [];
    for (const lang of ['zh', 'ja'] as const) {
      for (const [key, text] of Object.entries(locales[lang])) {
        // Placeholders, numbers, symbols and format codes such as MM/YY are the same in every language.
        const bare = text.replace(/\{\{\w+\}\}/g, '');
        if (sameInEveryLanguage(key) || !/\p{L}/u.test(bare) || /^[\sA-Z0-9/.:·×%-]*$/.test(bare)) continue;
        const cjk = /[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]/.test(text);
        // A run of two or more English words is an untranslated phrase, unless it is a name.
        const phrases = text
          .replace(/\{\{\w+\}\}/g, ' ')
          .replace(/Coloring Studio/g, ' ')
          .match(/[A-Za-z][A-Za-z'’-]*(?:[ ,.]+[A-Za-z][A-Za-z'’-]*)+/g);
        if (!cjk || text === locales.en[key] || phrases) english.push(`${lang}:${key} = ${JSON.stringify(text)}`);
      }
    }
    expect(english).toEqual([]);
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

  it('are the only source of UI text: no hard-coded text in any component (studio/no-literal-ui-text)', () => {
    const root = path.resolve(__dirname, '..');
    const linter = new Linter({ configType: 'flat' });
    const config = [{ files: ['**/*.tsx'], languageOptions: { parser: tseslint.parser }, plugins: { studio: uiTextPlugin }, rules: { 'studio/no-literal-ui-text': 'error' as const } }];
    const findings: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory() && entry.name !== 'testing') walk(full);
        else if (entry.name.endsWith('.tsx') && !entry.name.includes('.test.')) {
          // Only this rule: disable comments for the project's other rules are not findings here.
          for (const message of linter.verify(readFileSync(full, 'utf8'), config, { filename: full }).filter((found) => found.ruleId === 'studio/no-literal-ui-text')) {
            findings.push(`${path.relative(root, full)}:${message.line}:${message.column} ${message.message}`);
          }
        }
      }
    };
    walk(root);
    expect(findings).toEqual([]);
  });
});

describe('the hard-coded text rule', () => {
  const linter = new Linter({ configType: 'flat' });
  const config = [{ files: ['**/*.tsx'], languageOptions: { parser: tseslint.parser }, plugins: { studio: uiTextPlugin }, rules: { 'studio/no-literal-ui-text': 'error' as const } }];
  const lint = (code: string) => linter.verify(code, config, { filename: 'x.tsx' }).map((message) => message.message);

  it('reports text, string children and user-facing attributes with a message that says what to do', () => {
    const messages = lint('export const X = () => <div title="Hello" aria-label={`Close`}>Hi there {"Again"}<img alt="A cat" /><input placeholder="Name" /></div>;');
    expect(messages).toHaveLength(6);
    expect(messages[0]).toContain('Hard-coded UI text "Hello"');
    expect(messages[0]).toContain('web/src/locales/{en,zh,ja}/<area>.json');
    expect(lint('export const X = () => <p>你好</p>;')).toHaveLength(1);
  });

  it('allows translated text, numbers, symbols and technical attributes', () => {
    expect(lint('export const X = ({ t }) => <a href="/blog" className="px-2" data-testid="x" aria-hidden="true" title={t("a.b")}>{t("a.c")} 404 · → …</a>;')).toEqual([]);
  });
});
