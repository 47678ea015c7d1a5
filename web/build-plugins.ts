import type { IndexHtmlTransformContext, Plugin } from 'vite';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

type OutputBundle = NonNullable<IndexHtmlTransformContext['bundle']>;

/** The module the entry imports after React (src/main.tsx); its chunks are fetched with the entry's. */
const START_MODULE = /\/src\/app\/start\.tsx$/;

/** Every chunk a chunk needs before it can run: itself and its static imports, transitively. */
function staticGraph(bundle: OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (seen.has(fileName) || !chunk || chunk.type !== 'chunk') return seen;
  seen.add(fileName);
  for (const imported of chunk.imports) staticGraph(bundle, imported, seen);
  return seen;
}

/**
 * Replaces Vite's entry <script> and modulepreload tags with /boot.js, which loads them after the
 * first paint (the public pages are rendered at build time and need no script to show). The
 * chunks of the app's start module join the preload list, so they download with the entry.
 */
export function deferEntry(): Plugin {
  return {
    name: 'studio:defer-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        if (!entry) return html;
        const preload = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        let out = html.replace(entry[0], '');
        for (const link of preload) out = out.replace(link[0], '');
        const hrefs = preload.map((link) => link[1]);
        const bundle = context.bundle;
        const start = bundle ? Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.facadeModuleId && START_MODULE.test(chunk.facadeModuleId)) : undefined;
        if (bundle && start) {
          for (const file of staticGraph(bundle, start.fileName)) {
            const href = `/${file}`;
            if (href !== entry[1] && !hrefs.includes(href)) hrefs.push(href);
          }
        }
        const tag = `<script src="/boot.js" defer data-entry="${entry[1]}" data-preload='${JSON.stringify(hrefs)}'></script>\n  `;
        return out.replace('</head>', `  ${tag}</head>`);
      },
    },
  };
}

/** Writes .br and .gz next to every script and stylesheet, served as they are by the server. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'studio:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const assets = path.join(outDir, 'assets');
      let names: string[] = [];
      try {
        names = readdirSync(assets);
      } catch {
        return;
      }
      for (const name of names.filter((file) => /\.(js|css|svg|json)$/.test(file))) {
        const file = path.join(assets, name);
        const body = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}
