import { Link } from 'react-router';
import { buttonClass } from '../ui/button';

/** The closing call to action of a marketing page: a link, or (with `onClick`) a button, e.g. back up to the tool. */
export function CtaSection({ title, body, label, to, onClick }: { title: string; body: string; label: string; to?: string; onClick?: () => void }) {
  return (
    <section className="px-4 pb-16 sm:px-6">
      <div className="mx-auto max-w-5xl rounded-[2rem] bg-brand-700 px-6 py-12 text-center text-white shadow-lg sm:px-12">
        <h2 className="text-3xl font-extrabold tracking-tight">{title}</h2>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-brand-100">{body}</p>
        {onClick || !to ? (
          <button type="button" onClick={onClick} className={buttonClass('secondary', 'mt-8 px-8 text-base')}>
            {label}
          </button>
        ) : (
          <Link to={to} className={buttonClass('secondary', 'mt-8 px-8 text-base')}>
            {label}
          </Link>
        )}
      </div>
    </section>
  );
}
