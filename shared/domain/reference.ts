import Type, { type Static } from 'typebox';
import { LIST_PAGE_SIZE } from './documents.ts';

/**
 * Reference lists the spec names without their endpoints (served as extensions: the shape is
 * ours, docs/data-model.md "Reference lists"). Each lets an integration discover the ids other
 * endpoints take.
 */

/** A row of /pricelists/list/: the ids the product list's pricelist_id filter takes. */
export const Pricelist = Type.Object({
  id: Type.Integer({ description: 'the pricelist_id of the product list filter and of a contact' }),
  name: Type.String(),
  currency: Type.String({ description: 'ISO 4217: currency of its fixed prices' }),
  active: Type.Integer({ minimum: 0, maximum: 1 }),
  last_changed_ts: Type.String(),
});
export type Pricelist = Static<typeof Pricelist>;

/** A row of /productwebcategories/list/: the {category_id} of the web-category endpoints. */
export const WebCategory = Type.Object({
  id: Type.Integer({ description: 'the {category_id} of /productwebcategories/{category_id}/' }),
  name: Type.String(),
  parent_id: Type.Union([Type.Integer(), Type.Null()], { description: 'null for a top-level category' }),
  image_url: Type.Union([Type.String(), Type.Null()], { description: 'the category image, null when none' }),
  deleted: Type.Integer({ minimum: 0, maximum: 1 }),
  last_changed_ts: Type.String(),
});
export type WebCategory = Static<typeof WebCategory>;

export const WORKPOINT_KINDS = ['wholesale', 'retail'] as const;

/** A row of /workpoints/list/: the magazia_id / pl_id values. */
export const Workpoint = Type.Object({
  id: Type.Integer({ description: 'the magazia_id of the product lists and the pl_id (workpoint_id) of documents' }),
  name: Type.String(),
  kind: Type.Union([Type.Literal('wholesale'), Type.Literal('retail')], {
    description: 'wholesale (en-gros) or retail (en-detail): where the product list places a pricelist price',
  }),
  deleted: Type.Integer({ minimum: 0, maximum: 1 }),
});
export type Workpoint = Static<typeof Workpoint>;

/** The answer of /postcodes/lookup/. */
export const PostcodeLookup = Type.Object({
  postcode: Type.String({ description: 'six-digit Romanian postcode' }),
});
export type PostcodeLookup = Static<typeof PostcodeLookup>;

/** Rows per page of the reference lists (the spec does not fix it). */
export const REFERENCE_PAGE_SIZE = LIST_PAGE_SIZE;
