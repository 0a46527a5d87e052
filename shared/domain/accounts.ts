import Type, { type Static } from 'typebox';

export const Account = Type.Object({
  company_id: Type.Integer({ minimum: 1 }),
  name: Type.String(),
  rest_enabled: Type.Boolean({ description: 'the REST module of the account; when off every REST call answers 401' }),
  workmanager_enabled: Type.Boolean(),
  catalogue_download_images: Type.Boolean({
    description:
      'the catalogue setting of the spec\'s PUT /product/{id}/image/: on, an image URL is downloaded (under the outbound ' +
      'policy) and stored by the service; off, the URL is stored as is and never contacted',
  }),
});
export type Account = Static<typeof Account>;

/** What PATCH /_sandbox/accounts/{company_id} changes; a field left out keeps its value. */
export const AccountPatch = Type.Object(
  {
    rest_enabled: Type.Optional(Account.properties.rest_enabled),
    catalogue_download_images: Type.Optional(Account.properties.catalogue_download_images),
  },
  { additionalProperties: false },
);
export type AccountPatch = Static<typeof AccountPatch>;

/** The module names an API user's route restriction may list: the first path segment. */
export const REST_MODULES = [
  'sales', 'invoices', 'proformas', 'fiscalreceipts', 'payments', 'product', 'productwebcategories',
  'pricelists', 'awb', 'workmanager', 'attachments', 'contacts', 'inventory', 'connector',
  'marketplace', 'workpoints', 'postcodes',
] as const;
export type RestModule = (typeof REST_MODULES)[number];

export const HTTP_METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export const ApiUser = Type.Object({
  id: Type.Integer(),
  company_id: Type.Integer(),
  username: Type.String(),
  ip_whitelist: Type.Array(Type.String(), { description: 'addresses, CIDR ranges, or "*" for any' }),
  routes: Type.Union([Type.Array(Type.String()), Type.Null()], { description: 'modules the user may reach; null = all' }),
  methods: Type.Union([Type.Array(Type.String()), Type.Null()], { description: 'HTTP methods allowed; null = all' }),
  connector_id: Type.Union([Type.Integer(), Type.Null()], { description: 'bound connector; null = not bound' }),
  created_ts: Type.String(),
  last_used_ts: Type.Union([Type.String(), Type.Null()]),
});
export type ApiUser = Static<typeof ApiUser>;

export const NewApiUser = Type.Object({
  username: Type.String({ pattern: '^[A-Za-z0-9._@-]{3,64}$', description: '3-64 characters: letters, digits, . _ @ -' }),
  password: Type.Optional(Type.String({ minLength: 12, maxLength: 200, description: 'generated when absent' })),
  ip_whitelist: Type.Optional(Type.Array(Type.String(), { minItems: 1, default: ['*'] })),
  routes: Type.Optional(Type.Union([Type.Array(Type.Enum([...REST_MODULES]), { minItems: 1 }), Type.Null()])),
  methods: Type.Optional(Type.Union([Type.Array(Type.Enum([...HTTP_METHODS]), { minItems: 1 }), Type.Null()])),
  connector_id: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
});
export type NewApiUser = Static<typeof NewApiUser>;

export const CreatedApiUser = Type.Object({
  ...ApiUser.properties,
  password: Type.String({ description: 'shown only in this answer; only its scrypt hash is stored' }),
});
export type CreatedApiUser = Static<typeof CreatedApiUser>;
