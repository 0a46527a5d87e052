import Type, { type Static } from 'typebox';
import { NewApiUser } from '../domain/accounts.ts';
import { ConnectorPatch } from '../domain/connector-patch.ts';

/**
 * The fixtures file (`serve --fixtures FILE`, `POST /_sandbox/fixtures`, startWorkbench's
 * `fixtures`): what a test run declares about its accounts. One schema validates the file,
 * types the code and is published as JSON Schema (docs/fixtures.schema.json, `npm run
 * docs:fixtures-schema`). Applying a file is idempotent: what exists already (by the key each
 * kind names) is left as it is and reported, with the values that differ from the file. No field
 * has a schema default: what a file leaves out is not compared (the defaults are in the words).
 */

const Code = Type.String({ minLength: 1, maxLength: 100, description: 'the product code (cod_produs): identifies the product in the account' });

export const FixtureProduct = Type.Object(
  {
    code: Code,
    name: Type.String({ minLength: 1, maxLength: 300 }),
    price: Type.Number({ minimum: 0, maximum: 100_000_000, description: 'selling price without VAT, in `currency`; at most 2 decimals' }),
    vat: Type.Number({ minimum: 0, maximum: 100, description: "VAT rate in percent: one in force on the service's today (0, 11, 21 ...)" }),
    currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$', description: 'a currency of the account (default RON)' })),
    unit: Type.Optional(Type.String({ minLength: 1, maxLength: 20, description: 'unit of measure (default buc)' })),
    barcode: Type.Optional(Type.String({ maxLength: 50, description: 'EAN' })),
    description: Type.Optional(Type.String({ maxLength: 20_000, description: 'product_description' })),
    weight_kg: Type.Optional(Type.Number({ minimum: 0, maximum: 100_000, description: 'at most 3 decimals' })),
    stock: Type.Optional(
      Type.Number({ minimum: 0, maximum: 100_000_000, description: 'starting quantity on hand at `workpoint_id` (default 0); set when the product is created only' }),
    ),
    workpoint_id: Type.Optional(Type.Integer({ minimum: 1, description: "where `stock` is kept (default: the account's first workpoint)" })),
    published_to: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 100, description: 'connector ids the product is published to (their feeds), without a notification' }),
    ),
  },
  { additionalProperties: false },
);

export const FixtureAddress = Type.Object(
  {
    kind: Type.Optional(Type.Enum(['both', 'invoice', 'delivery'], { description: 'what the address is used for (default both)' })),
    country: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'default Romania' })),
    county: Type.String({ minLength: 1, maxLength: 100 }),
    city: Type.String({ minLength: 1, maxLength: 100 }),
    street: Type.String({ minLength: 1, maxLength: 200 }),
    number: Type.Optional(Type.String({ maxLength: 20 })),
    zip: Type.Optional(Type.String({ maxLength: 20 })),
  },
  { additionalProperties: false },
);

export const FixtureContact = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 300, description: 'identifies the contact when it has no cui' }),
    cui: Type.Optional(
      Type.String({ maxLength: 20, description: 'fiscal code (CUI, with or without RO) or CNP: identifies the contact when given (RO40123456 and 40123456 are one)' }),
    ),
    reg_com: Type.Optional(Type.String({ maxLength: 50 })),
    is_company: Type.Optional(Type.Boolean({ description: 'default: true when a cui is given' })),
    vat_payer: Type.Optional(Type.Boolean({ description: 'default false' })),
    email: Type.Optional(Type.String({ maxLength: 200 })),
    phone: Type.Optional(Type.String({ maxLength: 50 })),
    client: Type.Optional(Type.Boolean({ description: 'a client (default true): /contacts/list/ lists clients only' })),
    supplier: Type.Optional(Type.Boolean({ description: 'a supplier, a partner the account buys from (default false); with client: false, a supplier only' })),
    addresses: Type.Optional(
      Type.Array(FixtureAddress, { maxItems: 20, description: 'the first is its main address' }),
    ),
  },
  { additionalProperties: false },
);

export const FixtureConnector = Type.Object(
  { connector_id: Type.Integer({ minimum: 1 }), ...ConnectorPatch.properties },
  { additionalProperties: false, description: 'settings applied as PATCH /_sandbox/accounts/{id}/connectors/{connector_id} applies them' },
);

// Nothing declared is filled in: an existing user is compared with what the file says, not with defaults.
export const FixtureApiUser = Type.Object(
  {
    ...NewApiUser.properties,
    ip_whitelist: Type.Optional(Type.Array(Type.String(), { minItems: 1, description: 'addresses, CIDR ranges, or "*" for any (default ["*"])' })),
  },
  { additionalProperties: false, description: 'an API user, identified by its username; without a password one is generated and answered once' },
);

export const FixtureOrder = Type.Object(
  {
    connector_id: Type.Integer({ minimum: 1 }),
    order: Type.Object(
      { order_unique_id: Type.String({ minLength: 1, maxLength: 200 }) },
      { additionalProperties: true, description: 'the order as a partner POSTs it to /connector/{connector_id}/order/{order_unique_id}/ (the import checks the rest)' },
    ),
  },
  { additionalProperties: false },
);

export const FixtureAccount = Type.Object(
  {
    company_id: Type.Integer({ minimum: 1, description: 'an existing account (1 is the demo; make more with accounts.create)' }),
    api_users: Type.Optional(Type.Array(FixtureApiUser, { maxItems: 1000 })),
    connectors: Type.Optional(Type.Array(FixtureConnector, { maxItems: 1000 })),
    products: Type.Optional(Type.Array(FixtureProduct, { maxItems: 100_000 })),
    contacts: Type.Optional(Type.Array(FixtureContact, { maxItems: 100_000 })),
    orders: Type.Optional(Type.Array(FixtureOrder, { maxItems: 10_000 })),
  },
  { additionalProperties: false },
);

export const FixturesDocument = Type.Object(
  {
    $schema: Type.Optional(Type.String({ description: 'for editors: the JSON Schema of this file' })),
    accounts: Type.Array(FixtureAccount, { minItems: 1, maxItems: 1000 }),
  },
  { additionalProperties: false, $id: 'https://erp-workbench.local/fixtures.schema.json', title: 'ERP Workbench fixtures' },
);
export type FixturesDocument = Static<typeof FixturesDocument>;

/** The JSON Schema of a fixtures file as published (docs/fixtures.schema.json, GET /_sandbox/fixtures/schema): the draft first. */
export function fixturesJsonSchema(): Record<string, unknown> {
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', ...(JSON.parse(JSON.stringify(FixturesDocument)) as Record<string, unknown>) };
}

const Names = Type.Array(Type.String());
/** What applying a file did, per account and kind: created, existed (left as it was), updated. */
export const FixturesResult = Type.Object({
  accounts: Type.Array(
    Type.Object({
      company_id: Type.Integer(),
      api_users: Type.Object({
        created: Type.Array(Type.Object({ username: Type.String(), password: Type.Optional(Type.String({ description: 'generated: shown only in this answer' })) })),
        existed: Names,
      }),
      connectors: Type.Object({ updated: Type.Array(Type.Integer()), unchanged: Type.Array(Type.Integer()) }),
      products: Type.Object({ created: Names, existed: Names }),
      contacts: Type.Object({ created: Names, existed: Names }),
      orders: Type.Object({
        created: Type.Array(Type.Object({ connector_id: Type.Integer(), order_unique_id: Type.String(), SERVICE_order_id: Type.Integer() })),
        existed: Type.Array(Type.Object({ connector_id: Type.Integer(), order_unique_id: Type.String() })),
      }),
      differences: Type.Array(Type.String(), {
        description:
          'declared items that exist with other values, each left as it is: `products[1] CI-CANA: price is 18.5, the file says 19.9` ' +
          '(orders and stock are not compared: they change as the account is used)',
      }),
    }),
  ),
});
export type FixturesResult = Static<typeof FixturesResult>;
