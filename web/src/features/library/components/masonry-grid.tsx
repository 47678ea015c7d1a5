import type { ImageDto } from '@studio/contracts/images';
import { Link } from 'react-router';
import { useLang } from '../../../lib/use-lang';
import { useMasonryLayout } from '../hooks/use-columns';
import { MASONRY_LAYOUTS, balanceColumns } from '../lib/masonry';
import { pick } from '../lib/library-links';
import { Thumbnail } from './picture';

type MasonryLayout = (typeof MASONRY_LAYOUTS)[number];

/** One page in a grid: the picture and its title, the whole card a link to the page. */
export function ImageCard({ image, href, eager = false, sizes }: { image: ImageDto; href: string; eager?: boolean; sizes: string }) {
  const lang = useLang();
  const title = pick(image.title, lang);
  return (
    <Link to={href} className="group block overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-md" data-testid="image-card">
      <div className="bg-slate-50 p-2">
        {/* The title below names the link; the picture would only repeat it (alt=""). */}
        <Thumbnail image={image} alt="" sizes={sizes} eager={eager} className="h-auto w-full" />
      </div>
      <p className="line-clamp-2 px-3 py-2.5 text-sm font-medium text-slate-800 group-hover:text-brand-700">{title}</p>
    </Link>
  );
}

/**
 * Balanced masonry (product-spec §2): 4 columns of 320 px cards on desktop, 3 of 240 px on
 * tablets, 2 of 180 px on phones; each card goes to the shortest column.
 */
export function MasonryGrid({ images, hrefOf, eagerCount = 0 }: { images: ImageDto[]; hrefOf: (image: ImageDto) => string; eagerCount?: number }) {
  const layout = useMasonryLayout();
  if (layout) return <Masonry images={images} hrefOf={hrefOf} eagerCount={eagerCount} layout={layout} visibility="grid" />;
  // Rendered on the server, which does not know the viewport: each layout shows at its own widths
  // (the breakpoints are Tailwind's sm and lg), so the page does not move when the app takes over.
  return (
    <>
      {MASONRY_LAYOUTS.map((each) => (
        <Masonry key={each.columns} images={images} hrefOf={hrefOf} eagerCount={eagerCount} layout={each} visibility={SERVER_VISIBILITY[each.columns]} />
      ))}
    </>
  );
}

const SERVER_VISIBILITY: Record<number, string> = { 2: 'grid sm:hidden', 3: 'hidden sm:grid lg:hidden', 4: 'hidden lg:grid' };

function Masonry({ images, hrefOf, eagerCount, layout, visibility }: { images: ImageDto[]; hrefOf: (image: ImageDto) => string; eagerCount: number; layout: MasonryLayout; visibility: string }) {
  const columns = balanceColumns(images, layout.columns);
  const eager = new Set(images.slice(0, eagerCount).map((image) => image.id));
  return (
    <div
      className={`mx-auto justify-center gap-3 sm:gap-4 ${visibility}`}
      style={{ gridTemplateColumns: `repeat(${layout.columns}, minmax(0, ${layout.cardWidth}px))` }}
      data-testid="masonry"
      data-columns={layout.columns}
    >
      {columns.map((column, index) => (
        <ul key={index} className="flex min-w-0 flex-col gap-3 sm:gap-4">
          {column.map((image) => (
            <li key={image.id}>
              <ImageCard image={image} href={hrefOf(image)} eager={eager.has(image.id)} sizes={`(min-width: 1024px) 320px, (min-width: 640px) 240px, 180px`} />
            </li>
          ))}
        </ul>
      ))}
    </div>
  );
}
