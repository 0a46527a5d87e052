import { createHashHistory, createRouter } from '@tanstack/react-router';
import { routeTree } from './routes.tsx';

/**
 * Hash history: the desktop window loads index.html from the file system and the headless
 * server serves one page at `/`, so the screen lives after the `#` (`/#/c/1/documents/sales?q=...`).
 */
export function createAppRouter() {
  return createRouter({
    routeTree,
    history: createHashHistory(),
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
