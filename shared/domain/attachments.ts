import Type, { type Static } from 'typebox';

/**
 * The documents an attachment may hang on (`doctype` of the upload and of the metadata), each
 * with the table whose row must exist in the account. The spec shows no values: these are the
 * document kinds of this service, under the names its lists use.
 */
export const ATTACHMENT_DOCTYPES = {
  sale: 'sales',
  invoice: 'invoices',
  proforma: 'proformas',
  fiscal_receipt: 'fiscal_receipts',
  payment: 'payments',
  awb: 'awbs',
  inventory: 'inventories',
  service_file: 'service_files',
  service_request: 'service_requests',
  order: 'connector_orders',
  contact: 'contacts',
  product: 'products',
} as const;
export type AttachmentDoctype = keyof typeof ATTACHMENT_DOCTYPES;
export const ATTACHMENT_DOCTYPE_NAMES = Object.keys(ATTACHMENT_DOCTYPES) as AttachmentDoctype[];

/** Largest file one upload part may carry (docs/rest-api.md, "Attachments"); 413 above. */
export const ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;
/** Most files one upload request may carry. */
export const ATTACHMENT_MAX_FILES = 10;
/** Images whose longer side is above this are resized down to it (same format) before storing. */
export const ATTACHMENT_IMAGE_MAX_SIDE = 2560;

/**
 * Extensions a web server may execute (spec: "server-executable extensions such as php, cgi, sh,
 * asp"): refused in any letter case and anywhere in the name (`x.php.jpg` too), since a storage
 * host that serves files may run a double extension.
 */
export const EXECUTABLE_EXTENSIONS = [
  'php', 'php3', 'php4', 'php5', 'php7', 'php8', 'phtml', 'pht', 'phar', 'phps',
  'cgi', 'fcgi', 'pl', 'pm', 'py', 'pyc', 'rb', 'sh', 'bash', 'zsh', 'ksh', 'csh',
  'asp', 'aspx', 'ascx', 'ashx', 'asmx', 'asa', 'cer', 'cshtml', 'vbhtml', 'jsp', 'jspx', 'jsf', 'cfm', 'cfml', 'shtml', 'shtm', 'stm',
  'exe', 'com', 'bat', 'cmd', 'msi', 'dll', 'scr', 'ps1', 'vbs', 'vbe', 'wsf', 'wsh', 'jar', 'war', 'htaccess', 'htpasswd',
] as const;

/** The spec's attachment metadata (`GET /attachments/{id}/`), plus the service access URL. */
export const Attachment = Type.Object({
  bocp_id: Type.Integer({ description: 'spec: the attachment id (given exactly as the interface names it)' }),
  doctype: Type.Enum(ATTACHMENT_DOCTYPE_NAMES, { description: 'spec: the kind of document it hangs on' }),
  doc_id: Type.Integer({ description: 'spec: the document (its id in the list of its kind: bv_id, bocp_id, fisa_id ...)' }),
  client_id: Type.Union([Type.Integer(), Type.Null()], { description: 'spec: the contact it concerns, null when none' }),
  title: Type.String({ description: "spec: '' when none was given" }),
  original_filename: Type.String({ description: 'spec: the file name as uploaded (its base name, cleaned)' }),
  filesize: Type.Integer({ description: 'spec: bytes as stored (after an image resize or a compression)' }),
  is_public: Type.Integer({ minimum: 0, maximum: 1, description: 'spec: 0/1' }),
  attachment_type_id: Type.Union([Type.Integer(), Type.Null()], { description: "spec: one of the account's attachment types, null when none" }),
  uploaded_ts: Type.String({ description: 'spec: YYYY-MM-DD HH:MM:SS, Europe/Bucharest' }),
  download_url: Type.String({
    description: 'the service access URL (absolute; its secret key is the credential): the only way to the file, streamed from the storage',
  }),
});
export type Attachment = Static<typeof Attachment>;

/** An account's external FTP storage as shown: never the password. */
export const StorageSettings = Type.Object({
  configured: Type.Boolean({ description: 'false: uploads and deletes answer 503' }),
  embedded: Type.Boolean({ description: "true: the service's own local FTP server (loopback, inside the data folder)" }),
  ftp: Type.Union(
    [
      Type.Object({
        host: Type.String(),
        port: Type.Integer(),
        user: Type.String(),
        root: Type.String(),
        secure: Type.Boolean({ description: 'FTPS (explicit TLS)' }),
        password_set: Type.Boolean({ description: 'the password is stored (encrypted); it is never shown' }),
      }),
      Type.Null(),
    ],
    { description: 'null when not configured' },
  ),
});
export type StorageSettings = Static<typeof StorageSettings>;

/** PATCH .../storage: the contract's `{"ftp": {...}}` or `{"ftp": null}`, or `{"embedded": true}`. */
export const StoragePatch = Type.Object(
  {
    ftp: Type.Optional(
      Type.Union([
        Type.Object(
          {
            host: Type.String({ minLength: 1, maxLength: 253, pattern: '^[A-Za-z0-9.:\\[\\]_-]+$', description: 'host name or IP address' }),
            port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535, default: 21 })),
            user: Type.String({ minLength: 1, maxLength: 200 }),
            password: Type.Optional(
              Type.String({ maxLength: 500, description: 'write-only; stored encrypted. Left out: the stored one is kept while host, port, user and secure stay the same, forgotten when one of them changes' }),
            ),
            root: Type.Optional(Type.String({ maxLength: 500, default: '/', description: 'folder the attachments go under' })),
            secure: Type.Optional(Type.Boolean({ default: false, description: 'FTPS (explicit TLS)' })),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ]),
    ),
    embedded: Type.Optional(
      Type.Boolean({ description: "true: use the service's own local FTP server (started on loopback in the data folder); false: stop using it" }),
    ),
  },
  { additionalProperties: false },
);
export type StoragePatch = Static<typeof StoragePatch>;

export const StorageTestResult = Type.Object({
  ok: Type.Boolean(),
  message: Type.String({ description: 'what the test did or why it failed (connect, log in, list and write the root)' }),
  duration_ms: Type.Integer(),
});
export type StorageTestResult = Static<typeof StorageTestResult>;

/**
 * Extensions stored gzip-compressed (text-like and uncompressed image formats), when the
 * compression saves at least ATTACHMENT_MIN_COMPRESSION_SAVING of the size; decompressed again on
 * download, so the client gets the bytes it sent. Formats that are compressed already (JPEG, PNG,
 * PDF, ZIP, Office files ...) are stored as they are.
 */
export const ATTACHMENT_COMPRESSED_EXTENSIONS = [
  'txt', 'text', 'csv', 'tsv', 'log', 'xml', 'json', 'md', 'html', 'htm', 'svg', 'rtf', 'sql', 'yaml', 'yml', 'ini', 'eml',
  'bmp', 'tif', 'tiff',
] as const;
/** A compression that does not save at least this share of the size is not kept. */
export const ATTACHMENT_MIN_COMPRESSION_SAVING = 0.1;
/** Images resized when a side is above ATTACHMENT_IMAGE_MAX_SIDE (recognised by content). */
export const ATTACHMENT_RESIZED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

const formInteger = (description: string) => Type.String({ pattern: '^[1-9][0-9]{0,14}$', description });

/**
 * POST /attachments/upload/ (multipart/form-data): the metadata's own names as text fields and
 * one or several `file` parts. Documentation of the form (the REST door reads it part by part).
 */
export const AttachmentUploadForm = Type.Object(
  {
    doctype: Type.Enum(ATTACHMENT_DOCTYPE_NAMES, { description: 'required: the kind of document the files hang on' }),
    doc_id: formInteger("required: the document's id in the list of its kind; it must exist in the account (400 naming doc_id otherwise)"),
    client_id: Type.Optional(formInteger('a contact of the account (400 otherwise); empty or absent: none')),
    title: Type.Optional(Type.String({ maxLength: 255, description: "default ''; the same title for every file of the request" })),
    is_public: Type.Optional(Type.String({ enum: ['0', '1', 'true', 'false'], default: '0', description: '0/1' })),
    attachment_type_id: Type.Optional(formInteger("one of the account's attachment types (400 otherwise); empty or absent: none")),
    file: Type.String({
      format: 'binary',
      description:
        `required, 1 to ${ATTACHMENT_MAX_FILES} parts named file, each at most ${ATTACHMENT_MAX_BYTES} bytes (413 above), not ` +
        'empty; a plain base name (no / \\ NUL or ..) without a server-executable extension anywhere in it',
    }),
  },
  { additionalProperties: false },
);

/** The answer of POST /attachments/upload/: the spec's ids, and the records. */
export const AttachmentUploadResult = Type.Object({
  attached_file_rec_ids: Type.Array(Type.Integer(), { description: 'spec: the new attachment ids, in the order of the file parts' }),
  attachments: Type.Array(Attachment, { description: 'the new attachments as GET /attachments/{id}/ answers them' }),
});
export type AttachmentUploadResult = Static<typeof AttachmentUploadResult>;

export const AttachmentDeleted = Type.Object({
  deleted_attachment_id: Type.Integer({ description: 'spec: the id of the deleted attachment' }),
});
export type AttachmentDeleted = Static<typeof AttachmentDeleted>;
