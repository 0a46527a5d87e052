import Type from 'typebox';
import { Account, AccountPatch, ApiUser, CreatedApiUser, NewApiUser } from '../domain/accounts.ts';
import { op, CompanyId, Empty } from './operation-def.ts';

export const AccountSeed = Type.Union([Type.Literal('demo'), Type.Literal('empty')], {
  description: "demo: a copy of account 1 with new ids; empty: configuration only, as --seed empty makes",
});

export const CreatedAccount = Type.Object({
  ...Account.properties,
  seed: AccountSeed,
  connector_ids: Type.Array(Type.Integer(), { description: "the new account's connectors (none for empty)" }),
});

export const DeletedAccount = Type.Object({
  deleted_company_id: Type.Integer(),
  rows: Type.Record(Type.String(), Type.Integer(), { description: 'rows removed per table' }),
  files: Type.Object({
    removed: Type.Integer({ description: 'stored files removed: attachments on its storage, images' }),
    failed: Type.Integer({ description: 'attachment files an external FTP server did not let us remove' }),
  }),
});

/**
 * The accounts and their API users: the REST switch and image setting of each, and an account per
 * test worker (docs/control-api.md, "Accounts per test worker"): parallel test suites share one
 * running service, each in its own account, created and deleted here.
 */
export const accountOperations = {
  'accounts.list': op({
    summary: 'Accounts with their REST switch and catalogue image setting',
    input: Empty,
    output: Type.Array(Account),
    http: { method: 'GET', path: '/accounts' },
    reads: ['accounts'],
  }),
  'accounts.update': op({
    summary:
      'Change an account: its REST module (rest_enabled) and whether image URLs sent to PUT /product/{id}/image/ are ' +
      'downloaded or stored as is (catalogue_download_images). Answers the account',
    input: Type.Object({ company_id: CompanyId, ...AccountPatch.properties }, { additionalProperties: false }),
    output: Account,
    http: { method: 'PATCH', path: '/accounts/:company_id' },
  }),
  'accounts.create': op({
    summary:
      'Create an isolated account (201): seed "demo" copies account 1 (documents, catalogue, contacts, connectors and their ' +
      'settings) with new ids and no API users; "empty" has configuration only. Answers the account with its connector ids',
    input: Type.Object(
      {
        seed: AccountSeed,
        name: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: "the account's name (default: account 1's for demo)" })),
      },
      { additionalProperties: false },
    ),
    output: CreatedAccount,
    http: { method: 'POST', path: '/accounts', status: 201 },
  }),
  'accounts.delete': op({
    summary:
      'Delete an account with everything it owns (documents, catalogue, contacts, connectors, API users, API log, deliveries, ' +
      'attachments and their files, settings). Account 1 is refused (409): reset instead',
    input: Type.Object({ company_id: CompanyId }, { additionalProperties: false }),
    output: DeletedAccount,
    http: { method: 'DELETE', path: '/accounts/:company_id' },
    // Besides its rows (measured), its files and what the service keeps in memory for it (queued
    // deliveries, a paused receiver, its storage's health) go: every screen of the account.
    unmeasuredChanges: ['*'],
  }),
  'apiUsers.list': op({
    summary: 'API users of an account (passwords are never shown again)',
    input: Type.Object({ company_id: CompanyId }, { additionalProperties: false }),
    output: Type.Array(ApiUser),
    http: { method: 'GET', path: '/accounts/:company_id/api-users' },
    // A REST call moves last_used_ts without a data.changed of its own; every call is logged.
    reads: ['api_users', 'api_log'],
  }),
  'apiUsers.create': op({
    summary: 'Create an API user; the password (generated when absent) is shown only in this answer',
    input: Type.Object({ company_id: CompanyId, ...NewApiUser.properties }, { additionalProperties: false }),
    output: CreatedApiUser,
    http: { method: 'POST', path: '/accounts/:company_id/api-users', status: 201 },
  }),
  'apiUsers.delete': op({
    summary: 'Remove an API user',
    input: Type.Object({ company_id: CompanyId, id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
    output: Type.Object({ deleted_id: Type.Integer() }),
    http: { method: 'DELETE', path: '/accounts/:company_id/api-users/:id' },
  }),
};
