import Type from 'typebox';
import { standardFilters } from '../../../shared/filters/grammar.ts';
import { Inventory, InventoryView, INVENTORIES_PAGE_SIZE } from '../../../shared/domain/inventory.ts';
import type { RestRoutes } from './route-kit.ts';
import { documentQuery } from './document-filters.ts';
import { inventoryListExample, inventoryViewExample } from './inventory.examples.ts';

/** The spec: standard filters with datefrom, datethrough. */
export const inventoryListFilters = { ...standardFilters } as const;

export function registerInventoryRoutes(routes: RestRoutes): void {
  routes.list(
    {
      path: '/inventory/list/',
      module: 'inventory',
      summary: 'Inventory documents',
      example: inventoryListExample,
      description:
        'Date filters act on the inventory date, modifiedafter / modifiedthrough on last_changed_ts. ' +
        'skipcancelled:1 hides cancelled inventories. The totals value the book and counted quantities at ' +
        'their unit cost; /inventory/view/{inventory_id}/ gives the stock rows.',
      filters: inventoryListFilters,
      item: Inventory,
      pageSize: INVENTORIES_PAGE_SIZE,
    },
    ({ core, companyId, filters, page }) =>
      core.rest.inventories.list(documentQuery(companyId, filters, page, INVENTORIES_PAGE_SIZE)),
  );

  routes.endpoint(
    {
      method: 'GET',
      path: '/inventory/view/{inventory_id}/',
      module: 'inventory',
      summary: 'Stock rows of one inventory document',
      example: inventoryViewExample,
      description:
        'The inventory with its workpoint and (when it counted one) its sub-management, and every stock row: ' +
        'book (scriptic) against counted (faptic) quantity. Not paginated.',
      params: { inventory_id: Type.Integer({ minimum: 1 }) },
      ok: { description: 'the inventory and its stock rows', schema: InventoryView },
      errors: { 400: 'inventory_id is not a positive integer', 404: 'no such inventory in the account' },
    },
    ({ core, companyId, params }) => core.rest.inventories.view(companyId, Number(params.inventory_id)),
  );
}
