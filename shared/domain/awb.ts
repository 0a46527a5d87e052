import Type, { type Static } from 'typebox';
import { ClientBlock, DocumentCancelled, LIST_PAGE_SIZE } from './documents.ts';

export const AWB_SOURCES = ['staff', 'api', 'connector', 'b2b'] as const;

/** A courier AWB (air waybill, scrisoare de transport) as /awb/list/ answers it; see docs/data-model.md. */
export const Awb = Type.Object({
  awb_id: Type.Integer(),
  sale_id: Type.Union([Type.Integer(), Type.Null()], { description: 'bv_id of the sale it ships' }),
  connector_order_id: Type.Union([Type.Integer(), Type.Null()], { description: 'SERVICE_order_id when issued for a connector order' }),
  awb_nr: Type.String({ description: 'tracking number (the documentnr filter)' }),
  awb_type: Type.String({ description: 'courier code' }),
  awb_subtype: Type.String({ description: 'sub-courier when awb_type is a broker; "" otherwise' }),
  awb_url: Type.String({ description: 'AWB PDF or tracking page; "" when none' }),
  doc_date: Type.String({ format: 'date', description: 'inferred: the AWB date; the date filters act on it' }),
  packet_count: Type.Integer(),
  weight_kg: Type.Number(),
  service_type: Type.String(),
  shipping_payer: Type.Union([Type.Literal('sender'), Type.Literal('recipient')]),
  cod_amount: Type.Number({ description: 'cash on delivery; 0 when none' }),
  cod_currency: Type.String(),
  declared_value: Type.Number(),
  delivery_country: Type.String(),
  delivery_country_code: Type.String(),
  ...ClientBlock,
  source: Type.Enum([...AWB_SOURCES], { description: 'who attached or issued it' }),
  document_cancelled: DocumentCancelled,
  created_ts: Type.String(),
  last_changed_ts: Type.String(),
});
export type Awb = Static<typeof Awb>;

/** Rows per page of /awb/list/ (the spec does not fix it). */
export const AWBS_PAGE_SIZE = LIST_PAGE_SIZE;

// ---------------------------------------------------------------------------------------------
// Write side: POST /awb/add/, DELETE /awb/{awb_id}/ (docs/data-model.md, "AWB").

/** Most AWB items one POST /awb/add/ takes (the spec does not fix it). */
export const AWB_ADD_MAX_ITEMS = 100;

/** One element of awbs[] in POST /awb/add/: an AWB already issued with the courier, attached to a sale. */
export const AwbAddItem = Type.Object(
  {
    sale_id: Type.Integer({
      minimum: 1,
      description: 'bv_id of the sale the AWB ships: a sale of the account that is not cancelled',
    }),
    awb_nr: Type.String({
      minLength: 1,
      maxLength: 64,
      description:
        'tracking number, stored without leading and trailing spaces (not blank, no control characters); ' +
        'unique per courier (awb_type) among the AWBs of the account that are not cancelled',
    }),
    awb_type: Type.String({
      minLength: 1,
      maxLength: 32,
      description:
        'courier code, exactly as listed by GET /awb/add/. A sub-courier code is refused here: send its broker ' +
        'as awb_type and the sub-courier as awb_subtype',
    }),
    awb_subtype: Type.Optional(
      Type.String({
        maxLength: 32,
        description:
          'required when awb_type is a broker: one of that broker\'s sub-couriers; must be empty ("" or absent) otherwise',
      }),
    ),
    awb_url: Type.Optional(
      Type.String({
        maxLength: 2048,
        description: 'absolute http:// or https:// URL of the AWB PDF or tracking page; "" or absent: none',
      }),
    ),
  },
  { additionalProperties: false },
);
export type AwbAddItem = Static<typeof AwbAddItem>;

/** The body of POST /awb/add/. */
export const AwbAddBody = Type.Object(
  {
    awbs: Type.Array(AwbAddItem, {
      minItems: 1,
      maxItems: AWB_ADD_MAX_ITEMS,
      description: `1 to ${AWB_ADD_MAX_ITEMS} AWBs, stored together or not at all`,
    }),
  },
  { additionalProperties: false },
);
export type AwbAddBody = Static<typeof AwbAddBody>;

/** The answer of POST /awb/add/: the created AWBs, in the order of the request. */
export const AwbAddResult = Type.Object({
  awb_ids: Type.Array(Type.Integer(), { description: 'awb_id of each created AWB, in the order of awbs[]' }),
  awbs: Type.Array(Awb, { description: 'the created AWBs as /awb/list/ answers them' }),
});
export type AwbAddResult = Static<typeof AwbAddResult>;

/** The answer of DELETE /awb/{awb_id}/. */
export const AwbDeleteResult = Type.Object({
  deleted_awb_id: Type.Integer({ description: 'the AWB, now cancelled (listed by /awb/list/ with document_cancelled 1)' }),
});
export type AwbDeleteResult = Static<typeof AwbDeleteResult>;

/** A courier code of GET /awb/add/ (the service-wide couriers table). */
export interface CourierCode {
  code: string;
  name: string;
  is_broker: 0 | 1;
  /** The broker a sub-courier is reached through; null for the others. */
  parent_code: string | null;
}
