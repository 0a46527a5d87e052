-- Attachments on the account's FTP storage (issue 10).
--
-- account_storage: `embedded` marks an account that uses the service's own local FTP server
-- (started on first need; host and port are its current ones, not the stored ones).
-- ftp_password holds an AES-256-GCM blob `v1.<iv>.<tag>.<data>` under the key file
-- <data>/storage.key, never a password in clear. Nothing wrote the table before this migration;
-- a row written by hand with a clear password is dropped (that account shows "not configured").
ALTER TABLE account_storage ADD COLUMN embedded INTEGER NOT NULL DEFAULT 0 CHECK (embedded IN (0, 1));
DELETE FROM account_storage WHERE ftp_password NOT LIKE 'v1.%';

-- attachments: rebuilt with AUTOINCREMENT (an id is never given again after a delete, as
-- migration 011 does for the other deletable rows), plus how the file is stored (`encoding`
-- gzip: decompressed on download) and the type a download is served as. No table references
-- attachments, so the rebuild touches nothing else.
CREATE TABLE attachments_v2 (
  id                 INTEGER PRIMARY KEY AUTOINCREMENT, -- bocp_id
  company_id         INTEGER NOT NULL REFERENCES accounts(company_id) ON DELETE CASCADE,
  doctype            TEXT    NOT NULL,
  doc_id             INTEGER NOT NULL,
  client_id          INTEGER REFERENCES contacts(id),
  title              TEXT    NOT NULL DEFAULT '',
  original_filename  TEXT    NOT NULL,
  filesize           INTEGER NOT NULL,      -- bytes as stored (after a resize or a compression)
  is_public          INTEGER NOT NULL DEFAULT 0 CHECK (is_public IN (0, 1)),
  attachment_type_id INTEGER REFERENCES attachment_types(id),
  storage_path       TEXT    NOT NULL,      -- absolute path on the account's FTP storage
  download_key       TEXT    NOT NULL,      -- secret of the service access URL
  uploaded_ts        TEXT    NOT NULL,
  encoding           TEXT    NOT NULL DEFAULT 'identity' CHECK (encoding IN ('identity', 'gzip')),
  content_type       TEXT    NOT NULL DEFAULT 'application/octet-stream'
);
INSERT INTO attachments_v2 (id, company_id, doctype, doc_id, client_id, title, original_filename, filesize, is_public,
                            attachment_type_id, storage_path, download_key, uploaded_ts)
SELECT id, company_id, doctype, doc_id, client_id, title, original_filename, filesize, is_public,
       attachment_type_id, storage_path, download_key, uploaded_ts
  FROM attachments;
DROP TABLE attachments;
ALTER TABLE attachments_v2 RENAME TO attachments;
CREATE INDEX attachments_doc ON attachments(company_id, doctype, doc_id, id);
