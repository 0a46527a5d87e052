import Type, { type Static } from 'typebox';
import { DocumentCancelled, DocumentKeys, LIST_PAGE_SIZE } from './documents.ts';

const InventoryFields = {
  inventory_id: Type.Integer(),
  ...DocumentKeys,
  workpoint_id: Type.Integer({ description: 'pl_id: the workpoint (gestiune) counted' }),
  sub_management_id: Type.Union([Type.Integer(), Type.Null()], { description: 'the sub-management (subgestiune) counted; null for the whole workpoint' }),
  description: Type.String(),
  closed: Type.Integer({ minimum: 0, maximum: 1, description: '1 once the count is final' }),
  document_cancelled: DocumentCancelled,
  row_count: Type.Integer({ description: 'number of stock rows' }),
  total_book_ron: Type.Number({ description: 'value of the book (scriptic) quantities at unit cost, RON' }),
  total_counted_ron: Type.Number({ description: 'value of the counted (faptic) quantities at unit cost, RON' }),
  total_difference_ron: Type.Number({ description: 'counted minus book, RON: negative is a shortage, positive a surplus' }),
  created_ts: Type.String(),
  last_changed_ts: Type.String(),
};

/** An inventory document as /inventory/list/ answers it; see docs/data-model.md. */
export const Inventory = Type.Object(InventoryFields);
export type Inventory = Static<typeof Inventory>;

export const InventoryRow = Type.Object({
  line_no: Type.Integer(),
  product_variant_id: Type.Integer({ description: "inferred (the document line family): the product counted, 0 when it is no longer in the catalogue" }),
  item_code: Type.String({ description: 'inferred (the document line family): the product code' }),
  item_name: Type.String({ description: 'inferred (the document line family): the product name' }),
  unit: Type.String(),
  quantity_book: Type.Number({ description: 'scriptic: the quantity the books show' }),
  quantity_counted: Type.Number({ description: 'faptic: the quantity counted' }),
  quantity_difference: Type.Number({ description: 'counted minus book' }),
  unit_cost_ron: Type.Number(),
  value_difference_ron: Type.Number({ description: 'quantity_difference x unit_cost_ron' }),
});
export type InventoryRow = Static<typeof InventoryRow>;

/** /inventory/view/{inventory_id}/: the document, its workpoint and sub-management named, and its stock rows. */
export const InventoryView = Type.Object({
  ...InventoryFields,
  workpoint_name: Type.String(),
  sub_management_name: Type.Union([Type.String(), Type.Null()]),
  rows: Type.Array(InventoryRow),
});
export type InventoryView = Static<typeof InventoryView>;

/** Rows per page of /inventory/list/ (the spec does not fix it). */
export const INVENTORIES_PAGE_SIZE = LIST_PAGE_SIZE;
