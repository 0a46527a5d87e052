import {
  ATTACHMENT_COMPRESSED_EXTENSIONS,
  ATTACHMENT_DOCTYPE_NAMES,
  ATTACHMENT_IMAGE_MAX_SIDE,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  ATTACHMENT_MIN_COMPRESSION_SAVING,
  AttachmentUploadForm,
  EXECUTABLE_EXTENSIONS,
  type AttachmentDoctype,
} from '../../../../shared/domain/attachments.ts';

/** Where the id of each doctype comes from (the list that shows it). */
const DOCTYPE_IDS: Record<AttachmentDoctype, string> = {
  sale: 'bv_id of /sales/list/',
  invoice: 'bocp_id of /invoices/list/',
  proforma: 'proforma_id of /proformas/list/',
  fiscal_receipt: 'fiscal_receipt_id of /fiscalreceipts/list/',
  payment: 'incasare_id of /payments/list/',
  awb: 'awb_id of /awb/list/',
  inventory: 'inventory_id of /inventory/list/',
  service_file: 'fisa_id of /workmanager/servicefiles/',
  service_request: 'service_request_id of /workmanager/servicerequests/',
  order: 'SERVICE_order_id of a connector order (rec_id of /marketplace/orders/list/)',
  contact: 'bocp_id of /contacts/list/ (not deleted)',
  product: 'the variant id of /product/list/ (not deleted)',
};

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface FieldNode {
  description?: string;
  enum?: unknown[];
  pattern?: string;
  maxLength?: number;
}

/**
 * GET /attachments/upload/: the documentation of the upload as an HTML page, generated from the
 * form's schema and the same constants the checks use, with a curl example for the caller's
 * address and account.
 */
export function renderUploadPage(companyId: number, restBase: string, types: Array<{ id: number; name: string }>): string {
  const properties = (AttachmentUploadForm as unknown as { properties: Record<string, FieldNode> }).properties;
  const fields = Object.entries(properties)
    .map(([name, node]) => {
      const rules = [
        node.enum ? `one of ${node.enum.map(String).join(', ')}` : '',
        node.pattern ? 'a positive integer' : '',
        node.maxLength ? `at most ${node.maxLength} characters` : '',
      ].filter(Boolean);
      return `<tr><td><code>${name}</code></td><td>${escape(rules.join('; '))}</td><td>${escape(node.description ?? '')}</td></tr>`;
    })
    .join('\n');
  const doctypes = ATTACHMENT_DOCTYPE_NAMES.map((d) => `<tr><td><code>${d}</code></td><td>${escape(DOCTYPE_IDS[d])}</td></tr>`).join('\n');
  const typeRows = types.map((t) => `<tr><td>${t.id}</td><td>${escape(t.name)}</td></tr>`).join('\n') || '<tr><td colspan="2">(none)</td></tr>';
  const url = `${restBase}/${companyId}/attachments/upload/`;
  const curl = [
    `curl -u USER:PASSWORD ${url} \\`,
    '     -F doctype=invoice -F doc_id=1 -F title="Signed contract" -F is_public=0 \\',
    '     -F file=@contract.pdf -F file=@photo.jpg',
  ].join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>POST /attachments/upload/</title></head>
<body>
<h1>POST /attachments/upload/</h1>
<p>Attaches files to a document of the account. Content-Type <code>multipart/form-data</code>: the text fields
below and 1 to ${ATTACHMENT_MAX_FILES} file parts named <code>file</code>. The files are stored on the account's
external FTP storage; every file of the request is stored, or none. The answer's
<code>data.attached_file_rec_ids</code> lists the new attachment ids in the order of the file parts, and
<code>data.attachments</code> their metadata as <code>GET /attachments/{attachment_id}/</code> answers it,
with <code>download_url</code>, the only way to the file (its secret key is the credential).</p>

<h2>Fields</h2>
<table border="1" id="fields">
<thead><tr><th>Field</th><th>Rules</th><th>Notes</th></tr></thead>
<tbody>
${fields}
</tbody>
</table>

<h2>Document types (<code>doctype</code>) and their <code>doc_id</code></h2>
<table border="1" id="doctypes">
<thead><tr><th>doctype</th><th>doc_id is</th></tr></thead>
<tbody>
${doctypes}
</tbody>
</table>

<h2>Attachment types of the account (<code>attachment_type_id</code>)</h2>
<table border="1" id="attachment-types"><thead><tr><th>id</th><th>name</th></tr></thead><tbody>
${typeRows}
</tbody></table>

<h2>Files</h2>
<ul id="limits">
<li>At most <strong>${ATTACHMENT_MAX_BYTES} bytes</strong> (${ATTACHMENT_MAX_BYTES / 1024 / 1024} MiB) per file: 413 above. An empty file is a 400.</li>
<li>The file name must be a plain base name: a name with <code>/</code>, <code>\\</code>, NUL, control characters, or
<code>.</code> / <code>..</code> is a 400 (it would leave its folder). So is a name with a line separator or an invisible
Unicode format character (category Cf: the right-to-left override U+202E, zero-width U+200B..U+200F, U+2066..U+2069,
U+FEFF, the soft hyphen U+00AD...), which can make it read as another name. The storage gets a name of its own; the
metadata keeps the name sent (<code>original_filename</code>).</li>
<li>Extensions a web server may execute are refused (400 naming the file) in any letter case and anywhere in the
name (<code>x.php.jpg</code>, <code>X.PhP</code>, <code>.htaccess</code>):
<code id="refused-extensions">${EXECUTABLE_EXTENSIONS.join(' ')}</code>.</li>
<li>JPEG, PNG and WebP images (recognised by content) with a side above ${ATTACHMENT_IMAGE_MAX_SIDE} px are
resized to fit in ${ATTACHMENT_IMAGE_MAX_SIDE} x ${ATTACHMENT_IMAGE_MAX_SIDE} px, turned upright by their EXIF
orientation, in the same format (EXIF metadata is not kept).</li>
<li>These extensions are stored gzip-compressed when that saves at least ${ATTACHMENT_MIN_COMPRESSION_SAVING * 100}%:
<code id="compressed-extensions">${ATTACHMENT_COMPRESSED_EXTENSIONS.join(' ')}</code>; a download gives the original bytes back.</li>
<li><code>filesize</code> is the size as stored (after a resize or a compression).</li>
</ul>

<h2>Answers</h2>
<ul>
<li>200: <code>data.attached_file_rec_ids</code>, <code>data.attachments</code>.</li>
<li>400: a field or a file refused; every message names its field or file; nothing is stored.</li>
<li>401: credentials, IP, method or route (module <code>attachments</code>) refused.</li>
<li>413: a file above the limit. 415: not multipart/form-data.</li>
<li>503: the account has no FTP storage configured, or it is unreachable or refuses; nothing is stored.</li>
</ul>

<h2>Example</h2>
<pre id="example">${escape(curl)}</pre>
</body>
</html>
`;
}
