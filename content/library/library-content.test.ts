import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

type Lang = 'en' | 'zh' | 'ja';
type Localized = Record<Lang, string>;

interface LibraryPage {
  id: string;
  prompt: string;
  difficulty: string;
  ratio: string;
  title: Localized;
  description: Localized;
  tags: string[];
  hotness: number;
}

interface LibraryCategory {
  slug: string;
  name: string;
  hotness: number;
  displayName: Localized;
  seoTitle: Localized;
  seoDesc: Localized;
  description: Localized;
  pages: LibraryPage[];
}

interface LibraryTag {
  slug: string;
  displayName: Localized;
}

const LANGS: Lang[] = ['en', 'zh', 'ja'];
const RATIOS = ['21:9', '16:9', '4:3', '1:1', '3:4', '9:16', '16:21'];
const DIFFICULTIES = ['toddler', 'children', 'teen', 'adult'];
const ALLOWED_HTML = new Set(['p', 'h2', 'ul', 'li', 'strong', 'em']);
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function readJson<T>(name: string): T {
  return JSON.parse(readFileSync(fileURLToPath(new URL(name, import.meta.url)), 'utf8')) as T;
}

const categories = readJson<LibraryCategory[]>('./categories.json');
const tags = readJson<LibraryTag[]>('./tags.json');
const pages = categories.flatMap((c) => c.pages ?? []);

function expectLocalized(value: Localized | undefined, where: string): void {
  for (const lang of LANGS) {
    expect(typeof value?.[lang], `${where}.${lang}`).toBe('string');
    expect(value![lang].trim().length, `${where}.${lang} is empty`).toBeGreaterThan(0);
  }
}

/** Every tag in order, with closing tags and stray angle brackets reported too. */
function htmlProblems(html: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  for (const match of html.matchAll(/<[^>]*>/g)) {
    const tag = /^<(\/?)([a-z0-9]+)>$/.exec(match[0]);
    if (!tag) {
      problems.push(`tag with attributes or malformed: ${match[0]}`);
      continue;
    }
    const [, closing, name] = tag;
    if (!ALLOWED_HTML.has(name)) problems.push(`tag not allowed: ${match[0]}`);
    if (closing) {
      if (stack.pop() !== name) problems.push(`unbalanced </${name}>`);
    } else stack.push(name);
  }
  if (stack.length) problems.push(`unclosed: ${stack.join(', ')}`);
  if (/[<>]/.test(html.replace(/<[^>]*>/g, ''))) problems.push('stray < or >');
  return problems;
}

describe('free library seed content', () => {
  it('has at least 24 categories with exactly 12 pages each', () => {
    expect(categories.length).toBeGreaterThanOrEqual(24);
    for (const category of categories) expect(category.pages?.length, category.slug).toBe(12);
  });

  it('uses unique slugs, page ids of the form <slug>-NN and distinct hotness for categories', () => {
    const slugs = categories.map((c) => c.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(SLUG);
    const ids = pages.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const category of categories) {
      expect(category.name, category.slug).toBeTruthy();
      for (const page of category.pages) expect(page.id).toMatch(new RegExp(`^${category.slug}-\\d{2}$`));
    }
    const hotness = categories.map((c) => c.hotness);
    expect(new Set(hotness).size).toBe(hotness.length);
    for (const value of [...hotness, ...pages.map((p) => p.hotness)]) {
      expect(Number.isInteger(value) && value >= 0 && value <= 100, `hotness ${value}`).toBe(true);
    }
  });

  it('fills every localized field in en, zh and ja', () => {
    for (const category of categories) {
      for (const field of ['displayName', 'seoTitle', 'seoDesc', 'description'] as const) {
        expectLocalized(category[field], `${category.slug}.${field}`);
      }
      for (const page of category.pages) {
        expectLocalized(page.title, `${page.id}.title`);
        expectLocalized(page.description, `${page.id}.description`);
      }
    }
    for (const tag of tags) expectLocalized(tag.displayName, `tag ${tag.slug}`);
  });

  it('writes category descriptions as simple HTML with at least one <h2> per language', () => {
    for (const category of categories) {
      for (const lang of LANGS) {
        const html = category.description[lang];
        expect(htmlProblems(html), `${category.slug}.description.${lang}`).toEqual([]);
        expect(html, `${category.slug}.description.${lang} has no <h2>`).toContain('<h2>');
      }
      const words = category.description.en.replace(/<[^>]*>/g, ' ').split(/\s+/).filter(Boolean).length;
      expect(words, `${category.slug} English description words`).toBeGreaterThanOrEqual(120);
      expect(words, `${category.slug} English description words`).toBeLessThanOrEqual(250);
    }
  });

  it('keeps SEO texts within their lengths', () => {
    for (const category of categories) {
      expect(category.seoTitle.en.length, `${category.slug}.seoTitle.en`).toBeLessThanOrEqual(60);
      expect(category.seoDesc.en.length, `${category.slug}.seoDesc.en`).toBeGreaterThanOrEqual(50);
      expect(category.seoDesc.en.length, `${category.slug}.seoDesc.en`).toBeLessThanOrEqual(170);
    }
  });

  it('gives every page an English prompt, an allowed ratio and difficulty, and 1-4 tags', () => {
    for (const page of pages) {
      expect(page.prompt.trim().length, `${page.id}.prompt`).toBeGreaterThan(0);
      expect(page.prompt, `${page.id}.prompt is English`).toMatch(/^[\x20-\x7e]+$/);
      expect(RATIOS, `${page.id}.ratio`).toContain(page.ratio);
      expect(DIFFICULTIES, `${page.id}.difficulty`).toContain(page.difficulty);
      expect(page.tags.length, `${page.id}.tags`).toBeGreaterThanOrEqual(1);
      expect(page.tags.length, `${page.id}.tags`).toBeLessThanOrEqual(4);
      expect(new Set(page.tags).size, `${page.id} repeats a tag`).toBe(page.tags.length);
    }
  });

  it('mixes difficulties in every category', () => {
    for (const category of categories) {
      const used = new Set(category.pages.map((p) => p.difficulty));
      expect(used.size, `${category.slug} difficulties`).toBeGreaterThanOrEqual(3);
    }
  });

  it('lists exactly the tags the pages use, each once, with slug-shaped names', () => {
    const tagSlugs = tags.map((t) => t.slug);
    expect(new Set(tagSlugs).size).toBe(tagSlugs.length);
    for (const slug of tagSlugs) expect(slug).toMatch(SLUG);
    const used = new Set(pages.flatMap((p) => p.tags));
    for (const page of pages) for (const tag of page.tags) expect(tagSlugs, `${page.id} uses unknown tag ${tag}`).toContain(tag);
    for (const slug of tagSlugs) expect(used.has(slug), `tag ${slug} is never used`).toBe(true);
  });

  it('gives each category a useful set of filter chips', () => {
    for (const category of categories) {
      const counts = new Map<string, number>();
      for (const page of category.pages) for (const tag of page.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
      expect(counts.size, `${category.slug} distinct tags`).toBeGreaterThanOrEqual(4);
      expect(counts.size, `${category.slug} distinct tags`).toBeLessThanOrEqual(8);
      expect([...counts.values()].filter((n) => n >= 2).length, `${category.slug} tags used twice`).toBeGreaterThanOrEqual(2);
    }
  });
});
