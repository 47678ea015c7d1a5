import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AuthProvider } from '../lib/auth';
import { createRouter } from './router';

export function App() {
  const [router] = useState(createRouter);
  return (
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>
  );
}
