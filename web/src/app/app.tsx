import { RouterProvider } from 'react-router';
import { AuthProvider } from '../lib/auth';
import type { createRouter } from './router';

export function App({ router }: { router: ReturnType<typeof createRouter> }) {
  return (
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>
  );
}
