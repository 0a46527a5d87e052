import Type from 'typebox';
import { Account } from '../domain/accounts.ts';
import { op, CompanyId } from './operation-def.ts';

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
 * An account per test worker (docs/control-api.md, "Accounts per test worker"): parallel test suites share
 * one running service, each in its own account.
 */
export const accountAdminOperations = {
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
    changes: ['accounts'],
  }),
  'accounts.delete': op({
    summary:
      'Delete an account with everything it owns (documents, catalogue, contacts, connectors, API users, API log, deliveries, ' +
      'attachments and their files, settings). Account 1 is refused (409): reset instead',
    input: Type.Object({ company_id: CompanyId }, { additionalProperties: false }),
    output: DeletedAccount,
    http: { method: 'DELETE', path: '/accounts/:company_id' },
    changes: ['*'],
  }),
};
