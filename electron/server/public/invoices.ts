import type { RestRoutes } from './route-kit.ts';

// WIP: filled in by the read-side work of issue 3.
export function registerInvoiceRoutes(routes: RestRoutes): void {
  void routes;
}
