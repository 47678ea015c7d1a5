import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// The site frame and screens arrive with the web-shell issue; this entry only mounts the root.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main>Coloring Studio</main>
  </StrictMode>,
);
