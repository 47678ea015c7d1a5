/** Small inline drawings for the home feature blocks: no image requests, crisp at any size. */
const INK = '#1f1d2b';

export function DinoPage({ colored = false }: { colored?: boolean }) {
  return (
    <svg viewBox="0 0 300 380" className="h-auto w-full" aria-hidden="true" focusable="false">
      <rect x="6" y="6" width="288" height="368" rx="18" fill={colored ? '#eef6ff' : '#fff'} stroke="#2a2160" strokeWidth="3" />
      {colored ? (
        <g stroke="none">
          <circle cx="228" cy="72" r="26" fill="#ffc53d" />
          <path d="M40 300c30-40 70-40 100 0s70 40 120 0v40H40z" fill="#8fd694" />
          <ellipse cx="130" cy="230" rx="62" ry="44" fill="#7c6cf0" />
          <circle cx="192" cy="176" r="30" fill="#7c6cf0" />
        </g>
      ) : null}
      <g fill="none" stroke={INK} strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="228" cy="72" r="26" />
        <path d="M228 30v-8M228 122v-8M186 72h-8M278 72h-8M198 42l-6-6M264 108l-6-6M198 102l-6 6M264 36l-6 6" />
        <path d="M40 300c30-40 70-40 100 0s70 40 120 0" />
        <path d="M30 340h240" />
        <ellipse cx="130" cy="230" rx="62" ry="44" />
        <circle cx="192" cy="176" r="30" />
        <path d="M176 150c-4-14 4-24 12-26M204 150c6-12 16-16 24-12" />
        <circle cx="200" cy="172" r="3.5" fill={INK} />
        <path d="M206 188c-6 6-14 6-18 2" />
        <path d="M90 268l-6 30M120 274v28M150 274v28M176 262l8 30" />
        <path d="M70 222c-20-6-30-26-22-40 10 8 20 18 24 30" />
        <path d="M100 200c6 10 20 14 30 8M120 238c10 8 26 8 36-2" />
        <path d="M60 120c10-14 30-14 40 0M90 96c10-14 30-14 40 0" />
      </g>
    </svg>
  );
}

export function FlowerPage() {
  return (
    <svg viewBox="0 0 300 380" className="h-auto w-full" aria-hidden="true" focusable="false">
      <rect x="6" y="6" width="288" height="368" rx="18" fill="#fff" stroke="#2a2160" strokeWidth="3" />
      <g fill="none" stroke={INK} strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round">
        {[0, 60, 120, 180, 240, 300].map((angle) => (
          <ellipse key={angle} cx="150" cy="110" rx="26" ry="44" transform={`rotate(${angle} 150 154)`} />
        ))}
        <circle cx="150" cy="154" r="24" />
        <path d="M150 178v150M150 260c-30-30-70-20-80 0 30 16 60 12 80 0zM150 240c30-30 70-20 80 0-30 16-60 12-80 0z" />
        <path d="M40 336h220" />
      </g>
    </svg>
  );
}

/** A "photo": the same scene in soft colour blocks, for the photo-to-page feature block. */
export function PhotoSample() {
  return (
    <svg viewBox="0 0 300 380" className="h-auto w-full" aria-hidden="true" focusable="false">
      <rect x="6" y="6" width="288" height="368" rx="18" fill="#bfe3ff" />
      <circle cx="228" cy="72" r="26" fill="#ffd166" />
      <path d="M6 290c40-36 90-36 140 0s100 30 148 0v84H6z" fill="#6cc070" />
      <ellipse cx="130" cy="230" rx="62" ry="44" fill="#a58bd8" />
      <circle cx="192" cy="176" r="30" fill="#a58bd8" />
      <circle cx="200" cy="172" r="4" fill={INK} />
      <path d="M90 268l-6 30M120 274v28M150 274v28M176 262l8 30" stroke="#7a64b8" strokeWidth="10" strokeLinecap="round" />
    </svg>
  );
}
