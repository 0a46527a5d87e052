import type { RestRoutes } from './route-kit.ts';

// WIP: filled in by the write side of issue 4.
export function registerSalePaymentRoutes(routes: RestRoutes): void {
  void routes;
}
