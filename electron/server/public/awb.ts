import type { RestRoutes } from './route-kit.ts';

// WIP: filled in by the read-side work of issue 3.
export function registerAwbRoutes(routes: RestRoutes): void {
  void routes;
}
