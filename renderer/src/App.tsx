import { RouterProvider } from '@tanstack/react-router';
import type { createAppRouter } from './app/router.ts';

/** The window: the router renders the shell (app/shell) and the screen the address names. */
export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return <RouterProvider router={router} />;
}
