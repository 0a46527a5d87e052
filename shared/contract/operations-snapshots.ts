import Type, { type Static } from 'typebox';
import { Account } from '../domain/accounts.ts';
import { op, Empty } from './operation-def.ts';

/** A snapshot's name: also its folder's name, so no path separators and no leading dot. */
export const SNAPSHOT_NAME_PATTERN = '^[A-Za-z0-9_-][A-Za-z0-9._-]{0,63}$';

const SnapshotName = Type.String({
  pattern: SNAPSHOT_NAME_PATTERN,
  description: "1 to 64 letters, digits, '.', '_' or '-', not starting with '.'",
});

/** A count of files and their bytes. */
const FileCount = Type.Object({ count: Type.Integer(), bytes: Type.Integer() });

export const Snapshot = Type.Object({
  name: Type.String(),
  created_ts: Type.String({ description: "'YYYY-MM-DD HH:MM:SS', Europe/Bucharest, when it was saved" }),
  size_bytes: Type.Integer({ description: 'its whole size on disk: the database and the files' }),
  holds: Type.Object(
    {
      accounts: Type.Array(Type.Object({ company_id: Type.Integer(), name: Type.String() }), { description: 'the accounts of the saved data' }),
      database_bytes: Type.Integer(),
      stored_files: Type.Object(FileCount.properties, { description: "the service's own files (product and category images, thumbnails)" }),
      ftp_files: Type.Object(FileCount.properties, { description: 'the files of the embedded FTP storage (attachments of accounts that use it)' }),
    },
    { description: 'what a restore puts back' },
  ),
});
export type Snapshot = Static<typeof Snapshot>;

const Named = Type.Object({ name: SnapshotName }, { additionalProperties: false });

/**
 * Named copies of the whole data (control API /_sandbox/snapshots): saved at once, restored in
 * well under a second for the demo, so a test suite can restore before every test.
 */
export const snapshotOperations = {
  'snapshots.list': op({
    summary: 'The saved snapshots, newest first: name, when saved, size and what each holds',
    input: Empty,
    output: Type.Array(Snapshot),
    http: { method: 'GET', path: '/snapshots' },
    // Not a table: saves and deletes announce this name in data.changed.
    reads: ['snapshots'],
  }),
  'snapshots.save': op({
    summary:
      "Save the whole data under a name: every account's records (pending webhook deliveries and the API log included), the " +
      "service's stored files and the embedded FTP storage's files; service settings and secrets are not part of it (a restore " +
      'keeps the current ones, as a reset does). SQLite online backup: requests go on meanwhile, and the snapshot is the data ' +
      'as it was when the backup ended. 409: a snapshot of that name exists (send "overwrite": true to replace it), or a reset, ' +
      'save or restore is under way',
    input: Type.Object(
      {
        name: SnapshotName,
        overwrite: Type.Optional(Type.Boolean({ default: false, description: 'replace a snapshot of the same name (else 409)' })),
      },
      { additionalProperties: false },
    ),
    output: Snapshot,
    http: { method: 'POST', path: '/snapshots', status: 201 },
    // A snapshot is a folder of files (snapshots.list reads them), not rows.
    unmeasuredChanges: ['snapshots'],
  }),
  'snapshots.restore': op({
    summary:
      'Put the data of a snapshot back in place of the current data, in one step: a copy of its database is swapped in with ' +
      'its files, between two requests (each request sees the old data or the restored data, never a mix). Service settings ' +
      'and secrets stay as they are now. Deliveries pending in the snapshot are sent again; ones made since are gone. ' +
      '404: no such snapshot; 409: a reset, save or restore is under way',
    input: Named,
    output: Type.Object({ snapshot: Snapshot, accounts: Type.Array(Account) }),
    http: { method: 'POST', path: '/snapshots/:name/restore' },
    // Another file and its folders are swapped in: every table, every stored file, and what was kept in memory of the old data.
    unmeasuredChanges: ['*'],
  }),
  'snapshots.delete': op({
    summary: 'Delete a snapshot (404: no such snapshot; 409: it is being saved or restored)',
    input: Named,
    output: Type.Object({ deleted: Type.String() }),
    http: { method: 'DELETE', path: '/snapshots/:name' },
    // A snapshot is a folder of files (snapshots.list reads them), not rows.
    unmeasuredChanges: ['snapshots'],
  }),
};
