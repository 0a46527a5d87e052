import { useState } from 'react';
import { ATTACHMENT_DOCTYPE_NAMES, type AttachmentDoctype } from '../../../../shared/domain/attachments.ts';
import { useStorage } from '../storage/queries.ts';
import { AttachmentList } from './AttachmentList.tsx';
import { StorageLink } from './ErrorText.tsx';
import { UploadFiles } from './UploadFiles.tsx';

/** Says so when the account has no storage: uploads and deletes answer 503 until it has one. */
function StorageNotice({ companyId }: { companyId: number }) {
  const storage = useStorage(companyId);
  if (!storage.data || storage.data.configured) return null;
  return (
    <div className="notice info" data-testid="attachments-storage-notice">
      <strong>The attachment storage is not configured.</strong> Existing attachments are listed, but uploads and
      deletes are refused (503) until an FTP storage is set in the <StorageLink /> panel — or the local embedded one
      is started there.
    </div>
  );
}

/** The attachments of a document chosen by its kind and id: list, upload, download, delete. */
export function AttachmentsPanel({ companyId }: { companyId: number }) {
  const [doctype, setDoctype] = useState<AttachmentDoctype>('sale');
  const [docId, setDocId] = useState('1');
  const valid = /^\d+$/.test(docId) && Number(docId) >= 1;
  const doc = { company_id: companyId, doctype, doc_id: valid ? Number(docId) : 1 };

  return (
    <section aria-labelledby="attachments-heading" id="attachments" className="panel">
      <h2 id="attachments-heading">Attachments</h2>
      <StorageNotice companyId={companyId} />
      <div className="form-grid document-picker">
        <div className="field">
          <label htmlFor="attachments-doctype">Document type</label>
          <select id="attachments-doctype" value={doctype} onChange={(e) => setDoctype(e.target.value as AttachmentDoctype)}>
            {ATTACHMENT_DOCTYPE_NAMES.map((name) => (
              <option key={name} value={name}>
                {name.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="attachments-doc-id">Document id</label>
          <input id="attachments-doc-id" type="number" min={1} value={docId} onChange={(e) => setDocId(e.target.value)} />
        </div>
      </div>
      <AttachmentList doc={doc} enabled={valid} />
      {valid && <UploadFiles doc={doc} />}
    </section>
  );
}
