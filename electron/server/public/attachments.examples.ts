import type { EndpointExample } from './route-kit.ts';

/** GET /attachments/upload/: the start of the page (the fields, doctypes, limits and a curl example follow). */
export const attachmentUploadPageExample: EndpointExample = {
  answer: {
    body: `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>POST /attachments/upload/</title></head>
<body>
<h1>POST /attachments/upload/</h1>
<p>Attaches files to a document of the account. Content-Type <code>multipart/form-data</code>: the text fields
below and 1 to 10 file parts named <code>file</code>. The files are stored on the account's
external FTP storage; every file of the request is stored, or none. The answer's
<code>data.attached_file_rec_ids</code> lists the new attachment ids in the order of the file parts, and
<code>data.attachments</code> their metadata as <code>GET /attachments/{attachment_id}/</code> answers it,
with <code>download_url</code>, the only way to the file (its secret key is the credential).</p>

<!-- ... -->
</body>
</html>
`,
  },
};

/** POST /attachments/upload/: a signed delivery report attached to an invoice. */
export const attachmentUploadExample: EndpointExample = {
  request: {
    doctype: 'invoice',
    doc_id: '177',
    title: 'Proces-verbal de predare-primire',
    file: '(binary: pv-predare-primire.pdf, application/pdf)',
  },
  answer: {
    data: {
      attached_file_rec_ids: [1],
      attachments: [
        {
          bocp_id: 1,
          doctype: 'invoice',
          doc_id: 177,
          client_id: null,
          title: 'Proces-verbal de predare-primire',
          original_filename: 'pv-predare-primire.pdf',
          filesize: 25,
          is_public: 0,
          attachment_type_id: null,
          uploaded_ts: '2026-11-27 10:00:00',
          download_url: 'http://127.0.0.1:8080/files/attachments/1.1.de68vqFVqYl6jb3-Q_gH35zPP-tXPHfp/pv-predare-primire.pdf',
        },
      ],
    },
  },
};

/** GET /attachments/{attachment_id}/ */
export const attachmentExample: EndpointExample = {
  params: { attachment_id: 1 },
  answer: {
    data: {
      bocp_id: 1,
      doctype: 'invoice',
      doc_id: 177,
      client_id: null,
      title: 'Proces-verbal de predare-primire',
      original_filename: 'pv-predare-primire.pdf',
      filesize: 25,
      is_public: 0,
      attachment_type_id: null,
      uploaded_ts: '2026-11-27 10:00:00',
      download_url: 'http://127.0.0.1:8080/files/attachments/1.1.de68vqFVqYl6jb3-Q_gH35zPP-tXPHfp/pv-predare-primire.pdf',
    },
  },
};

/** DELETE /attachments/{attachment_id}/ */
export const attachmentDeleteExample: EndpointExample = {
  params: { attachment_id: 1 },
  answer: { data: { deleted_attachment_id: 1 } },
};
