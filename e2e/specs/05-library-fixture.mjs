// A small library for the browser stories (the e2e server starts with SEED_LIBRARY=false):
// one category of hand-drawn SVG pages, imported through the content CLI like real content.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pngFile } from '../helpers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const L = (en, zh, ja) => ({ en, zh, ja });

export const fixtureCategory = {
  slug: 'e2e-dinosaurs',
  name: 'e2e dinosaurs',
  hotness: 1000,
  displayName: L('Test Dinosaurs', '测试恐龙', 'テスト恐竜'),
  seoTitle: L('Test Dinosaur Coloring Pages', '测试恐龙涂色页', 'テスト恐竜のぬりえ'),
  seoDesc: L('Free printable test dinosaur pages.', '免费可打印的测试恐龙涂色页。', '無料で印刷できるテスト恐竜のぬりえ。'),
  description: L(
    '<p>Friendly dinosaurs for the browser tests.</p><h2>Why dinosaurs</h2><p>Kids love them.</p><h2>Coloring tips</h2><p>Start with the big body.</p>',
    '<p>用于浏览器测试的友好恐龙。</p><h2>为什么是恐龙</h2><p>孩子们喜欢。</p><h2>涂色技巧</h2><p>先涂大身体。</p>',
    '<p>ブラウザテスト用のやさしい恐竜。</p><h2>なぜ恐竜</h2><p>子どもが大好き。</p><h2>ぬり方のコツ</h2><p>大きな体からぬろう。</p>',
  ),
};

const tags = {
  baby: { slug: 'e2e-baby', displayName: L('Baby', '宝宝', '赤ちゃん') },
  volcano: { slug: 'e2e-volcano', displayName: L('Volcano', '火山', '火山') },
};

export const fixturePages = [
  { id: 'e2e-dino-01', title: L('Baby Dino Hatching', '破壳的恐龙宝宝', '生まれたての恐竜'), tags: [tags.baby], hotness: 90 },
  { id: 'e2e-dino-02', title: L('Dino by the Volcano', '火山旁的恐龙', '火山のそばの恐竜'), tags: [tags.volcano], hotness: 80 },
  { id: 'e2e-dino-03', title: L('Baby Dinos Playing', '玩耍的恐龙宝宝', 'あそぶ恐竜の赤ちゃん'), tags: [tags.baby], hotness: 70 },
  { id: 'e2e-dino-04', title: L('Long Neck Dino', '长脖子恐龙', '首の長い恐竜'), tags: [], hotness: 60 },
  { id: 'e2e-dino-05', title: L('Volcano Valley', '火山谷', '火山の谷'), tags: [tags.volcano, tags.baby], hotness: 50 },
];

/** A closed, simple line drawing (3:4), different per page. */
function svgPage(index) {
  const r = 300 + index * 40;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2400 3150" width="2400" height="3150">
  <rect width="2400" height="3150" fill="#fff"/>
  <g fill="none" stroke="#000" stroke-width="24">
    <ellipse cx="1200" cy="1700" rx="${r + 300}" ry="${r}"/>
    <circle cx="${1700 + index * 20}" cy="1150" r="260"/>
    <rect x="700" y="2200" width="160" height="500"/>
    <rect x="1500" y="2200" width="160" height="500"/>
    <path d="M300 2800 H2100"/>
  </g>
</svg>`;
}

/** Writes the folder and runs `content import` against the server's data directory (the dinosaurs unless told). */
export function importFixtureLibrary(dataDir, category = fixtureCategory, pages = fixturePages) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'studio-e2e-library-'));
  try {
    writeFileSync(path.join(folder, 'category.json'), JSON.stringify(category));
    pages.forEach((page, index) => {
      writeFileSync(
        path.join(folder, `${page.id}.json`),
        JSON.stringify({
          title: page.title,
          description: L(`${page.title.en}: a test page.`, `${page.title.zh}：测试页。`, `${page.title.ja}：テストページ。`),
          tags: page.tags,
          ratio: '3:4',
          difficulty: 'children',
          hotness: page.hotness,
        }),
      );
      writeFileSync(path.join(folder, `${page.id}.svg`), svgPage(index));
      writeFileSync(path.join(folder, `${page.id}.color.png`), pngFile(60, 80, [120 + index * 20, 200, 140]));
    });
    const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
    const run = spawnSync(tsx, ['content/src/cli.ts', 'import', folder], { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' }, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`content import failed:\n${run.stdout}\n${run.stderr}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
