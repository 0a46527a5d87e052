import Type, { type Static } from 'typebox';
import { CONNECTOR_PLATFORMS } from './connectors.ts';
import { Product } from './products.ts';

/** Product fields a connector can track (their change sends product_update): the product record's own fields. */
export const TRACKABLE_PRODUCT_FIELDS: readonly string[] = Object.keys(Product.properties).filter(
  (key) => key !== 'images' && key !== 'properties',
);

/** The staff settings of a connector (control API PATCH .../connectors/{connector_id}). */
export const ConnectorPatch = Type.Object(
  {
    order_event_notification_url: Type.Optional(
      Type.String({
        maxLength: 2000,
        description:
          'absolute http(s) URL receiving every notification of the connector (orders and product pushes), or the path of a built-in ' +
          'inbox (/_sandbox/inbox/<name>, on wherever the service listens); "" for none',
      }),
    ),
    type: Type.Optional(Type.Enum(['ecommerce', 'dropship'])),
    platform: Type.Optional(
      Type.Enum([...CONNECTOR_PLATFORMS], { description: "the shop platform: the marketplace lists' connector type (e.g. ShopifyV2)" }),
    ),
    active: Type.Optional(Type.Boolean()),
    webhook_secret: Type.Optional(
      Type.Union([Type.String({ maxLength: 200 }), Type.Null()], {
        description: 'whsec_<base64>: notifications carry Standard Webhooks signature headers; null: unsigned (the spec). Write-only',
      }),
    ),
    tracked_fields: Type.Optional(
      Type.Array(Type.String({ maxLength: 100 }), {
        maxItems: 200,
        description: 'product fields whose change sends product_update (stock and price always do)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ConnectorPatch = Static<typeof ConnectorPatch>;
