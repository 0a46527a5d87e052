import Type, { type Static } from 'typebox';
import { ClientBlock, LIST_PAGE_SIZE } from './documents.ts';

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
  date: Type.String({ format: 'date' }),
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
  cancelled: Type.Integer({ minimum: 0, maximum: 1 }),
  created_ts: Type.String(),
  last_changed_ts: Type.String(),
});
export type Awb = Static<typeof Awb>;

/** Rows per page of /awb/list/ (the spec does not fix it). */
export const AWBS_PAGE_SIZE = LIST_PAGE_SIZE;
