import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { AuthProvider } from '../lib/auth';
import type { createRouter } from './router';

export function App({ router }: { router: ReturnType<typeof createRouter> }) {
  // Marks the moment the app has replaced the build-time HTML (tests and tools wait for it).
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return (
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>
  );
}
