/** The crayon-and-page mark, inline so it costs no request. */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true">
      <rect x="3" y="4" width="20" height="24" rx="4" fill="#fff" stroke="#2a2160" strokeWidth="2" />
      <path d="M8 12c2-3 6-3 8 0s-2 6 0 8" fill="none" stroke="#2a2160" strokeWidth="1.8" strokeLinecap="round" />
      <path d="M21 25l6-14 3 1.3-6 14-3.4 1.4z" fill="#ffc53d" stroke="#2a2160" strokeWidth="1.6" strokeLinejoin="round" />
      <circle cx="10" cy="22" r="2.2" fill="#6c5ce7" />
    </svg>
  );
}
