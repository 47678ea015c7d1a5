import path from 'node:path';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { createLocalStorage } from '../adapters/storage/storage';
import type { Database } from '../db/schema';
import { createLibraryImporter } from '../modules/library/library-import';

let counter = 0;

/** A unique, valid registration body (outline-style row factory). */
export function buildRegistration(overrides: Partial<{ username: string; email: string; password: string }> = {}) {
  counter += 1;
  const tag = `${process.pid.toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { username: `user_${tag}`.slice(0, 20), email: `u${tag}@example.com`, password: 'correct horse', ...overrides };
}

export async function registerUser(app: FastifyInstance, overrides: Parameters<typeof buildRegistration>[0] = {}) {
  const body = buildRegistration(overrides);
  const response = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  return { ...body, userId: response.json().data.user.userId as string };
}

export async function loginUser(app: FastifyInstance, email: string, password: string, rememberMe = false) {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, rememberMe } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json().data as { accessToken: string; refreshToken: string; expiresIn: number; user: { userId: string; credits: number } };
}

/** Registers and logs in; returns the tokens and an Authorization header. */
export async function signedInUser(app: FastifyInstance, overrides: Parameters<typeof buildRegistration>[0] = {}) {
  const user = await registerUser(app, overrides);
  const session = await loginUser(app, user.email, user.password);
  return { ...user, ...session, headers: { authorization: `Bearer ${session.accessToken}` } };
}

/**
 * Makes an account "established" for the report rules (REPORT_RULES): created a month ago, with a
 * page of its own.
 */
export async function establishUser(db: Kysely<Database>, userId: string): Promise<void> {
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
  await db.updateTable('users').set({ created_at: monthAgo }).where('id', '=', userId).execute();
  const id = `own${userId}`.slice(0, 24);
  const localized = JSON.stringify({ en: 'My own page', zh: 'My own page', ja: 'My own page' });
  const files = JSON.stringify({ page: `images/${id}/page.png`, svg: null, pdfLetter: `images/${id}/page-letter.pdf`, pdfA4: `images/${id}/page-a4.pdf`, thumb600: `images/${id}/thumb-600.webp`, thumb320: `images/${id}/thumb-320.webp`, color: null, colorThumb600: null, source: null });
  await db
    .insertInto('images')
    .values({ id, id_tail: id.slice(-8), user_id: userId, category_id: null, type: 'text2image', ratio: '1:1', difficulty: 'children', width: 8, height: 8, title: localized, description: localized, prompt: localized, additional_info: null, attribution: null, is_public: 0, is_online: 1, hotness: 0, files, created_at: monthAgo })
    .execute();
}

/** A text page made through the API by a signed-in member, waited for; its image id. */
export async function makeTextPage(app: FastifyInstance, owner: { headers: Record<string, string> }, prompt: string, isPublic = true): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/images/text2imggenerate', headers: owner.headers, payload: { prompt, isPublic } });
  if (response.statusCode !== 200) throw new Error(`generate answered ${response.statusCode}: ${response.body}`);
  for (let i = 0; i < 200; i += 1) {
    const status = (await app.inject({ method: 'GET', url: `/api/images/tasks/${response.json().data.taskId}?type=text2image`, headers: owner.headers })).json().data;
    if (status.status === 'completed') return status.image.id as string;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no page');
}

const sameInAll = (text: string) => ({ en: text, zh: text, ja: text });

/**
 * Library pages imported as the content CLI imports them (the category made or updated first),
 * each an 8×8 white PNG in every size; `coloured` gives them the coloured example too. Returns the
 * category's id. `bumpVersion` tells every process's caches, as the CLI does at the end.
 */
export async function importTestPages(
  t: { db: { kysely: Kysely<Database> }; dataDir: string },
  category: { slug: string; hotness?: number },
  pages: { id: string; title?: string; hotness?: number; coloured?: boolean }[],
  options: { bumpVersion?: boolean } = {},
): Promise<string> {
  const importer = createLibraryImporter({ db: t.db.kysely, storage: createLocalStorage(path.join(t.dataDir, 'files')) });
  const name = category.slug.charAt(0).toUpperCase() + category.slug.slice(1);
  const categoryId = await importer.upsertCategory({ slug: category.slug, name: category.slug, displayName: sameInAll(name), description: sameInAll(`<p>${name}</p>`), seoTitle: sameInAll(name), seoDesc: sameInAll(name), hotness: category.hotness ?? 1 });
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer();
  for (const page of pages) {
    const title = page.title ?? page.id;
    await importer.importPage({
      id: page.id, categorySlug: category.slug, title: sameInAll(title), description: sameInAll(title), prompt: sameInAll(title.toLowerCase()), additionalInfo: null, tags: [], ratio: '1:1', difficulty: 'children', hotness: page.hotness ?? 1, attribution: null,
      page: { png, svg: null, pdfLetter: png, pdfA4: png, thumb600: png, thumb320: png, colorPng: page.coloured ? png : null, colorThumb600: page.coloured ? png : null, width: 8, height: 8 },
    });
  }
  if (options.bumpVersion) await importer.bumpVersion();
  return categoryId;
}

