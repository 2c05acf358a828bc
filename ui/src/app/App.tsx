//! The application: the router, or the error page after a fatal error.
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { useSnapshot } from 'valtio';
import { ErrorView } from './ErrorPage';
import { fatal } from './fatal';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);
  const { error } = useSnapshot(fatal);
  if (error) {
    return (
      <main id="content" className="blank-layout">
        <ErrorView error={error} />
      </main>
    );
  }
  return <RouterProvider router={router} />;
}
