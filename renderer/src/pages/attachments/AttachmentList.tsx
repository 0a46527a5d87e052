import type { Attachment } from '../../../../shared/domain/attachments.ts';
import { ErrorText } from './ErrorText.tsx';
import { formatBytes } from './files.ts';
import { useAttachments, useDeleteAttachment, useDownloadAttachment, type DocumentRef } from './queries.ts';

function Actions({ companyId, attachment }: { companyId: number; attachment: Attachment }) {
  const download = useDownloadAttachment();
  const remove = useDeleteAttachment();
  const input = { company_id: companyId, attachment_id: attachment.bocp_id };
  const busy = download.isPending || remove.isPending;
  const error = download.error ?? remove.error;
  const confirmDelete = () => {
    if (window.confirm(`Delete ${attachment.original_filename}? The file is removed from the storage too.`)) remove.mutate(input);
  };
  return (
    <>
      <button type="button" disabled={busy} onClick={() => download.mutate(input)}>
        {download.isPending ? 'Downloading…' : 'Download'}
      </button>
      <button type="button" disabled={busy} onClick={confirmDelete}>
        {remove.isPending ? 'Deleting…' : 'Delete'}
      </button>
      {error && <ErrorText error={error} />}
    </>
  );
}

/** The attachments of one document with download and delete. */
export function AttachmentList({ doc, enabled }: { doc: DocumentRef; enabled: boolean }) {
  const list = useAttachments(doc, enabled);
  if (!enabled) return <p className="muted">Enter a document id (a whole number from 1).</p>;
  if (list.isPending) return <p className="muted">Loading attachments…</p>;
  if (list.isError) return <p className="muted">The attachments cannot be read: <ErrorText error={list.error} /></p>;
  if (list.data.length === 0) return <p className="muted" data-testid="attachments-empty">No attachment on this document yet.</p>;
  return (
    <table aria-label="Attachments">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Title</th>
          <th scope="col">File</th>
          <th scope="col">Size</th>
          <th scope="col">Uploaded</th>
          <th scope="col">Public</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {list.data.map((a) => (
          <tr key={a.bocp_id}>
            <td>{a.bocp_id}</td>
            <td>{a.title || <span className="muted">—</span>}</td>
            <td>{a.original_filename}</td>
            <td title={`${a.filesize} bytes as stored`}>{formatBytes(a.filesize)}</td>
            <td>{a.uploaded_ts}</td>
            <td>{a.is_public ? 'yes' : 'no'}</td>
            <td className="actions">
              <Actions companyId={doc.company_id} attachment={a} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
