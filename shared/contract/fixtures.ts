import Type, { type Static } from 'typebox';
import { NewApiUser } from '../domain/accounts.ts';
import { ConnectorPatch } from '../domain/connector-patch.ts';

/**
 * The fixtures file (`serve --fixtures FILE`, `POST /_sandbox/fixtures`, startWorkbench's
 * `fixtures`): what a test run declares about its accounts. One schema validates the file,
 * types the code and is published as JSON Schema (docs/fixtures.schema.json). Applying a file is
 * idempotent: what exists already (by the key each kind names) is left as it is and reported.
 */

const Code = Type.String({ minLength: 1, maxLength: 100, description: 'the product code (cod_produs): identifies the product in the account' });

export const FixtureProduct = Type.Object(
  {
    code: Code,
    name: Type.String({ minLength: 1, maxLength: 300 }),
    price: Type.Number({ minimum: 0, maximum: 100_000_000, description: 'selling price without VAT, in currency' }),
    vat: Type.Number({ minimum: 0, maximum: 100, description: 'VAT rate in percent (21, 11, 0 ...)' }),
    currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$', default: 'RON' })),
    unit: Type.Optional(Type.String({ minLength: 1, maxLength: 20, default: 'buc' })),
    barcode: Type.Optional(Type.String({ maxLength: 50, description: 'EAN' })),
    weight_kg: Type.Optional(Type.Number({ minimum: 0, maximum: 100_000 })),
    stock: Type.Optional(Type.Number({ minimum: 0, maximum: 100_000_000, description: "quantity on hand at the account's first workpoint (default 0)" })),
    published_to: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { description: 'connector ids the product is published to (its feed)' })),
  },
  { additionalProperties: false },
);

export const FixtureAddress = Type.Object(
  {
    country: Type.Optional(Type.String({ minLength: 1, maxLength: 100, default: 'Romania' })),
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
    cui: Type.Optional(Type.String({ maxLength: 20, description: 'fiscal code (CUI, with or without RO) or CNP: identifies the contact when given' })),
    reg_com: Type.Optional(Type.String({ maxLength: 50 })),
    is_company: Type.Optional(Type.Boolean({ description: 'default: true when a cui is given' })),
    vat_payer: Type.Optional(Type.Boolean({ default: false })),
    email: Type.Optional(Type.String({ maxLength: 200 })),
    phone: Type.Optional(Type.String({ maxLength: 50 })),
    supplier: Type.Optional(Type.Boolean({ default: false, description: 'a supplier as well as a client' })),
    address: Type.Optional(FixtureAddress),
  },
  { additionalProperties: false },
);

export const FixtureConnector = Type.Object(
  { connector_id: Type.Integer({ minimum: 1 }), ...ConnectorPatch.properties },
  { additionalProperties: false, description: 'settings applied as PATCH /_sandbox/accounts/{id}/connectors/{connector_id} applies them' },
);

export const FixtureApiUser = Type.Object(
  { ...NewApiUser.properties },
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
    }),
  ),
});
export type FixturesResult = Static<typeof FixturesResult>;
