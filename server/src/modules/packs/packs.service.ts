import { AppError, ErrorCode } from '@studio/contracts/errors';
import type { Attribution } from '@studio/contracts/images';
import { BOOKLET_MAX_PAGES, bookletFileName, type BookletQuery } from '@studio/contracts/packs';
import { writeBooklet, pagePdfWithName, type BookletPicture } from '@studio/engine/output/booklet';
import { pngWithCredit, svgHasCredit, svgWithCredit, type ArtworkCredit } from '@studio/engine/output/credit';
import { pngWithNameLine, svgWithNameLine } from '@studio/engine/output/name-line';
import { pagePdfFor } from '@studio/engine/output/page-files';
import { missingCharacters } from '@studio/engine/output/page-fonts';
import { downloadFileName } from '@studio/contracts/images';
import type { Storage } from '../../adapters/storage/storage';
import { createBoundedQueue } from '../../lib/bounded-queue';
import { parseLocalized } from '../../db/localized';
import { searchAlternatives } from '../../lib/search-terms';
import { translateWord } from '../../lib/translate-word';
import { parseFiles } from '../images/image-files';
import { canView } from '../images/images.service';
import type { ImageRow, ImagesRepository } from '../images/images.repository';
import type { LibraryRepository } from '../library/library.repository';
import { BOOKLET_LABELS } from './booklet-labels';
import type { PacksRepository } from './packs.repository';

/** Booklets drawn at once by one process; more answer 429 (each takes a core's share for seconds). */
export const BOOKLETS_AT_ONCE = 3;
/**
 * Downloads with a name drawn at once by one process, and how many more may wait their turn
 * (about a tenth of a second of CPU each); more answer 429. Two at once leave libuv's other
 * threads to the file reads and image checks of every other request.
 */
export const NAMED_DOWNLOADS = { atOnce: 2, waiting: 8 } as const;

export interface PacksServiceDeps {
  images: ImagesRepository;
  library: LibraryRepository;
  packs: PacksRepository;
  storage: Storage;
  /** Told when a booklet stops half-way (the answer has begun: only the log can say). */
  onBookletFailed(error: unknown): void;
}

type Lang = 'en' | 'zh' | 'ja';
type NamedDownloadOptions = { format: 'png' | 'pdf' | 'svg'; paper?: 'letter' | 'a4'; lang?: string; name: string };
type NamedDownload = { body: Buffer; contentType: string; fileName: string };
type ReaderPdfOptions = { paper?: 'letter' | 'a4'; lang: 'zh' | 'ja' };

const invalid = (field: string, key: string) => new AppError(ErrorCode.invalidFormat, 'Invalid format', { [field]: key });

const creditOf = (row: ImageRow): ArtworkCredit | null => (row.attribution ? (JSON.parse(row.attribution) as Attribution) : null);

/** Name lines in characters the page fonts do not have would print as gaps: refused instead. */
function checkPrintable(field: string, text: string | undefined): void {
  if (text && missingCharacters(text).length > 0) throw invalid(field, 'validation.nameUnsupported');
}

export function createPacksService(deps: PacksServiceDeps) {
  const { images, library, packs, storage } = deps;
  let drawing = 0;
  const namedDrawing = createBoundedQueue(NAMED_DOWNLOADS);

  /** The picture a page is drawn from: its SVG when it has one, else its PNG. */
  async function picture(row: ImageRow): Promise<BookletPicture> {
    const files = parseFiles(row.files);
    if (files.svg) {
      const svg = await storage.get(files.svg);
      if (svg) return { svg: svg.toString('utf8') };
    }
    const png = await storage.get(files.page);
    if (!png) throw new AppError(ErrorCode.notFound, 'File not found');
    return { png };
  }

  /** The pages a booklet query names, as the viewer may see them, in booklet order. */
  async function selectPages(viewerId: string | null, query: BookletQuery): Promise<{ rows: ImageRow[]; defaultTitle: (lang: Lang) => string; fileTitle: string }> {
    const take = (query.limit ?? BOOKLET_MAX_PAGES) + (query.limit ? 0 : 1);
    const labels = BOOKLET_LABELS;
    if (query.ids) {
      const rows = await packs.findByIds(query.ids);
      // Unknown ids and other members' private pages answer alike: not found.
      if (rows.length !== query.ids.length || rows.some((row) => !canView(row, viewerId))) throw new AppError(ErrorCode.notFound, 'Image not found');
      return { rows, defaultTitle: (lang) => labels[lang].booklet, fileTitle: 'pages' };
    }
    if (query.mine) {
      if (!viewerId) throw new AppError(ErrorCode.unauthorized);
      const { rows } = await images.listForUser(viewerId, { sortBy: 'createdAt', sortOrder: 'desc', currentPage: 1, pageSize: take });
      return { rows, defaultTitle: (lang) => labels[lang].myPages, fileTitle: 'my-pages' };
    }
    const search = { sortBy: 'hotness', sortOrder: 'desc', currentPage: 1, pageSize: take } as const;
    if (query.category) {
      const category = await library.findCategory(query.category);
      if (!category) throw new AppError(ErrorCode.notFound, 'Category not found');
      const { rows } = await library.searchPublic(search, category.id);
      const name = parseLocalized(category.display_name);
      return { rows, defaultTitle: (lang) => name[lang] || name.en, fileTitle: category.slug };
    }
    const text = query.query ?? '';
    const { rows } = await library.searchPublic(search, null, searchAlternatives(text, translateWord));
    return { rows, defaultTitle: (lang) => labels[lang].search(text), fileTitle: text };
  }

  /** One page with the name line, from the stored files, with the page's credit kept in each format. */
  async function drawNamed(row: ImageRow, options: NamedDownloadOptions): Promise<NamedDownload> {
    const files = parseFiles(row.files);
    const credit = creditOf(row);
    const fileName = downloadFileName(parseLocalized(row.title).en, row.id, options.format);
    if (options.format === 'png') {
      const png = await storage.get(files.page);
      if (!png) throw new AppError(ErrorCode.notFound, 'File not found');
      const named = await pngWithNameLine(png, options.name);
      return { body: credit ? pngWithCredit(named, credit) : named, contentType: 'image/png', fileName };
    }
    if (options.format === 'svg') {
      const svg = files.svg ? await storage.get(files.svg) : null;
      if (!svg) throw new AppError(ErrorCode.notFound, 'This page has no vector file');
      const text = svg.toString('utf8');
      const credited = credit && !svgHasCredit(text) ? svgWithCredit(text, credit) : text;
      return { body: Buffer.from(svgWithNameLine(credited, options.name)), contentType: 'image/svg+xml', fileName };
    }
    const paper = options.paper ?? (options.lang === 'zh' || options.lang === 'ja' ? 'a4' : 'letter');
    const pdf = await pagePdfWithName(await picture(row), { paper, name: options.name, credit, title: parseLocalized(row.title).en });
    return { body: pdf, contentType: 'application/pdf', fileName };
  }

  /** The page's PDF with its title and credit line in the reader's language (decision 071). */
  async function drawForReader(row: ImageRow, options: ReaderPdfOptions): Promise<NamedDownload> {
    const title = parseLocalized(row.title);
    const pdf = await pagePdfFor(await picture(row), options.paper ?? 'a4', {
      credit: creditOf(row),
      title: title[options.lang] || title.en,
      lang: options.lang,
    });
    return { body: pdf, contentType: 'application/pdf', fileName: downloadFileName(title.en, row.id, 'pdf') };
  }

  return {
    /**
     * Checks a booklet query whole (sources, limits, visibility, printable text), then starts
     * drawing: the answer is a stream the route sends as it comes. Nothing is charged.
     */
    async booklet(viewerId: string | null, query: BookletQuery): Promise<{ body: NodeJS.ReadableStream; fileName: string; pages: number }> {
      checkPrintable('name', query.name);
      checkPrintable('title', query.title);
      const { rows, defaultTitle, fileTitle } = await selectPages(viewerId, query);
      if (rows.length === 0) throw invalid('source', 'validation.bookletEmpty');
      if (rows.length > BOOKLET_MAX_PAGES) throw invalid('limit', 'validation.bookletTooManyPages');
      if (drawing >= BOOKLETS_AT_ONCE) throw new AppError(ErrorCode.tooManyRequests, 'Too many booklets are being made, please try again in a moment');
      const lang = query.lang;
      const entries = rows.map((row) => {
        const title = parseLocalized(row.title);
        return { title: title[lang] || title.en, credit: creditOf(row) };
      });
      const title = query.title ?? defaultTitle(lang);
      const { stream, finished } = writeBooklet(entries, (index) => picture(rows[index]), {
        title,
        paper: query.paper ?? (lang === 'en' ? 'letter' : 'a4'),
        perSheet: query.perSheet,
        name: query.name ?? null,
        labels: BOOKLET_LABELS[lang],
      });
      drawing += 1;
      finished.then(
        () => (drawing -= 1),
        (error: unknown) => {
          drawing -= 1;
          deps.onBookletFailed(error);
        },
      );
      return { body: stream, fileName: bookletFileName(query.title ?? '', rows.length, fileTitle), pages: rows.length };
    },

    /**
     * One page with the name line (a download with `name`), drawn on the fly: a few at a time
     * (NAMED_DOWNLOADS), the next few waiting their turn, any more refused with 1007.
     */
    async namedDownload(viewerId: string | null, id: string, options: NamedDownloadOptions): Promise<NamedDownload> {
      checkPrintable('name', options.name);
      const row = await images.findById(id);
      if (!row || !canView(row, viewerId)) throw new AppError(ErrorCode.notFound, 'Image not found');
      const drawn = namedDrawing.tryRun(() => drawNamed(row, options));
      if (!drawn) throw new AppError(ErrorCode.tooManyRequests, 'Too many pages with a name are being drawn, please try again in a moment');
      return drawn;
    },

    /**
     * A page's PDF for a reader of Chinese or Japanese, drawn on the fly like a page with a name
     * (the same queue): the stored PDFs carry no title and an English credit line.
     */
    async readerPdf(viewerId: string | null, id: string, options: ReaderPdfOptions): Promise<NamedDownload> {
      const row = await images.findById(id);
      if (!row || !canView(row, viewerId)) throw new AppError(ErrorCode.notFound, 'Image not found');
      const drawn = namedDrawing.tryRun(() => drawForReader(row, options));
      if (!drawn) throw new AppError(ErrorCode.tooManyRequests, 'Too many pages are being drawn, please try again in a moment');
      return drawn;
    },
  };
}

export type PacksService = ReturnType<typeof createPacksService>;
