/**
 * Fills a fresh database with a library of `count` public images (the shape the importer writes),
 * spread over 26 categories with 10 tags each, 2 tags per image. Used by bench/src/api.ts.
 */
import type { Insertable, Kysely } from 'kysely';
import type { Database, ImagesTable } from '@studio/server/db/schema';
import { indexImages } from '@studio/server/db/text-search';

export const CATEGORY_COUNT = 26;
export const TAGS_PER_CATEGORY = 10;

const L = (en: string) => JSON.stringify({ en, zh: `${en}（中文）`, ja: `${en}（日本語）` });

/** Subjects and places of the bench titles, in three languages, so word searches have something to find. */
export const SUBJECTS: [string, string, string][] = [
  ['cat', '猫', '猫'], ['dog', '狗', '犬'], ['dinosaur', '恐龙', '恐竜'], ['rabbit', '兔子', 'うさぎ'], ['bear', '熊', 'くま'],
  ['unicorn', '独角兽', 'ユニコーン'], ['dragon', '龙', 'ドラゴン'], ['owl', '猫头鹰', 'フクロウ'], ['fox', '狐狸', 'キツネ'], ['horse', '马', '馬'],
  ['butterfly', '蝴蝶', 'チョウ'], ['rocket', '火箭', 'ロケット'], ['castle', '城堡', 'お城'], ['flower', '花', '花'], ['truck', '卡车', 'トラック'],
  ['penguin', '企鹅', 'ペンギン'], ['turtle', '乌龟', 'カメ'], ['lion', '狮子', 'ライオン'], ['whale', '鲸鱼', 'クジラ'], ['robot', '机器人', 'ロボット'],
];
export const PLACES: [string, string, string][] = [
  ['garden', '花园', '庭'], ['forest', '森林', '森'], ['beach', '海滩', '海辺'], ['jungle', '丛林', 'ジャングル'], ['city', '城市', '街'], ['space', '太空', '宇宙'], ['farm', '农场', '牧場'],
];

/** A fixed pseudo-random sequence, so every run builds the same library. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export const categorySlug = (i: number) => `bench-category-${String(i).padStart(2, '0')}`;
export const tagId = (category: number, tag: number) => `tag_bench-${category}-${tag}`;
export const imageId = (i: number) => `bench${String(i).padStart(12, '0')}`;

export async function fillLibrary(db: Kysely<Database>, count: number, log: (line: string) => void): Promise<void> {
  const now = new Date('2026-01-01T00:00:00.000Z').getTime();
  const next = random(42);
  await db.transaction().execute(async (trx) => {
    for (let c = 0; c < CATEGORY_COUNT; c += 1) {
      await trx
        .insertInto('categories')
        .values({
          id: `cat_bench${String(c).padStart(16, '0')}`,
          slug: categorySlug(c),
          name: `bench ${c}`,
          display_name: L(`Bench category ${c}`),
          description: L(`<p>Category ${c}.</p><h2>About</h2><p>Text.</p>`),
          seo_title: L(`Category ${c}`),
          seo_desc: L(`Category ${c} pages`),
          hotness: 1000 - c,
          cover_image_id: null,
          created_at: new Date(now).toISOString(),
        })
        .execute();
      await trx
        .insertInto('tags')
        .values(Array.from({ length: TAGS_PER_CATEGORY }, (_, t) => ({ id: tagId(c, t), slug: `bench-${c}-${t}`, display_name: L(`Tag ${c}-${t}`) })))
        .execute();
    }
  });

  const batch = 500;
  for (let start = 0; start < count; start += batch) {
    const rows: Insertable<ImagesTable>[] = [];
    const tags: { image_id: string; tag_id: string }[] = [];
    for (let i = start; i < Math.min(count, start + batch); i += 1) {
      const id = imageId(i);
      const category = i % CATEGORY_COUNT;
      const keys = ['page.png', 'page.svg', 'page-letter.pdf', 'page-a4.pdf', 'thumb-600.webp', 'thumb-320.webp', 'color.png', 'color-600.webp'].map((name) => `images/${id}/${name}`);
      rows.push({
        id,
        id_tail: id.slice(-8),
        user_id: null,
        category_id: `cat_bench${String(category).padStart(16, '0')}`,
        type: 'library',
        ratio: '3:4',
        difficulty: 'children',
        width: 2400,
        height: 3150,
        title: (() => {
          const [se, sz, sj] = SUBJECTS[i % SUBJECTS.length];
          const [pe, pz, pj] = PLACES[Math.floor(i / SUBJECTS.length) % PLACES.length];
          return JSON.stringify({ en: `A friendly ${se} in the ${pe}, page ${i}`, zh: `${pz}里的${sz}（${i}）`, ja: `${pj}の${sj}（${i}）` });
        })(),
        description: L(`A printable page number ${i}, with clear outlines for young artists.`),
        prompt: L(`bench page ${i}`),
        additional_info: null,
        attribution: null,
        // A few private and offline pages, which no search may return.
        is_public: i % 50 === 0 ? 0 : 1,
        is_online: i % 97 === 0 ? 0 : 1,
        hotness: Math.floor(next() * 1000),
        files: JSON.stringify({ page: keys[0], svg: keys[1], pdfLetter: keys[2], pdfA4: keys[3], thumb600: keys[4], thumb320: keys[5], color: keys[6], colorThumb600: keys[7], source: null }),
        created_at: new Date(now + i * 1000).toISOString(),
      });
      const first = Math.floor(next() * TAGS_PER_CATEGORY);
      const second = (first + 1 + Math.floor(next() * (TAGS_PER_CATEGORY - 1))) % TAGS_PER_CATEGORY;
      tags.push({ image_id: id, tag_id: tagId(category, first) }, { image_id: id, tag_id: tagId(category, second) });
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('images').values(rows).execute();
      await trx.insertInto('image_tags').values(tags).execute();
      await indexImages(trx, rows.map((row) => row.id));
    });
    if ((start + batch) % 20_000 === 0) log(`  ${start + batch} images`);
  }
  await db.insertInto('settings').values({ key: 'library_version', value: String(Date.now()) }).execute();
}
