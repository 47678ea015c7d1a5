import type { User } from '@studio/contracts/auth';

/** The user's picture, or their initial on a soft colour. */
export function Avatar({ user, className = 'size-9', alt = '' }: { user: Pick<User, 'avatar' | 'username'>; className?: string; alt?: string }) {
  if (user.avatar) return <img src={user.avatar} alt={alt} className={`${className} rounded-full object-cover ring-2 ring-white`} />;
  return (
    <span
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      className={`${className} inline-flex items-center justify-center rounded-full bg-brand-100 font-bold uppercase text-brand-700 ring-2 ring-white`}
    >
      {user.username.slice(0, 1)}
    </span>
  );
}
