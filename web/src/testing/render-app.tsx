import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type InitialEntry } from 'react-router';
import { routes } from '../app/router';
import { AuthProvider } from '../lib/auth';

/** The real route tree in memory, starting at `path` (a location with state where a test needs one). */
export function renderApp(path: InitialEntry) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>,
  );
  return { router, ...view };
}
