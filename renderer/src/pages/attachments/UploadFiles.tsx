import { useState, type ChangeEvent } from 'react';
import { ATTACHMENT_MAX_BYTES } from '../../../../shared/domain/attachments.ts';
import { useCoreEvents } from '../../api/events.ts';
import { ErrorText } from './ErrorText.tsx';
import { formatBytes, newUploadId } from './files.ts';
import { useUploadAttachment, type DocumentRef } from './queries.ts';

interface UploadItem {
  id: string;
  file: File;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  /** From attachment.progress events: bytes written to the storage so far, of total. */
  bytes: number;
  total: number;
  error?: Error;
}

function Progress({ item, live }: { item: UploadItem; live: boolean }) {
  if (item.state === 'waiting') return <span className="muted">waiting</span>;
  if (item.state === 'done') return <span className="status status-delivered">uploaded</span>;
  if (item.state === 'failed') return item.error ? <ErrorText error={item.error} /> : null;
  if (live && item.total > 0) {
    const percent = Math.min(100, Math.round((item.bytes / item.total) * 100));
    return (
      <>
        <progress value={item.bytes} max={item.total} aria-label={`Uploading ${item.file.name}`} /> {percent}%
      </>
    );
  }
  return (
    <>
      <progress aria-label={`Uploading ${item.file.name}`} /> Uploading…
    </>
  );
}

/**
 * A file input that uploads every chosen file to the document, one after the other, with a
 * progress bar per file while the core reports progress (else an indeterminate one).
 */
export function UploadFiles({ doc }: { doc: DocumentRef }) {
  const upload = useUploadAttachment();
  const [items, setItems] = useState<UploadItem[]>([]);
  const patch = (id: string, change: Partial<UploadItem>) => setItems((all) => all.map((i) => (i.id === id ? { ...i, ...change } : i)));

  const live = useCoreEvents((event) => {
    if (event.name !== 'attachment.progress') return;
    const { upload_id, bytes, total } = event.payload;
    setItems((all) => all.map((i) => (i.id === upload_id ? { ...i, bytes, total } : i)));
  }, doc.company_id);

  const busy = items.some((i) => i.state === 'waiting' || i.state === 'uploading');

  const start = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = ''; // the same file can be chosen again
    const batch: UploadItem[] = files.map((file) => ({ id: newUploadId(), file, state: 'waiting', bytes: 0, total: 0 }));
    setItems(batch);
    for (const item of batch) {
      if (item.file.size > ATTACHMENT_MAX_BYTES) {
        patch(item.id, { state: 'failed', error: new Error(`larger than the limit of ${formatBytes(ATTACHMENT_MAX_BYTES)}`) });
        continue;
      }
      patch(item.id, { state: 'uploading' });
      try {
        await upload.mutateAsync({ doc, file: item.file, uploadId: item.id });
        patch(item.id, { state: 'done' });
      } catch (error) {
        patch(item.id, { state: 'failed', error: error instanceof Error ? error : new Error(String(error)) });
      }
    }
  };

  return (
    <div className="upload">
      <label className="file-button">
        <span>Upload files…</span>
        <input type="file" multiple disabled={busy} onChange={(event) => void start(event)} aria-label="Upload files" />
      </label>
      <span className="muted small"> up to {formatBytes(ATTACHMENT_MAX_BYTES)} each; scripts and programs (php, sh, exe, …) are refused</span>
      {items.length > 0 && (
        <ul className="upload-list" aria-label="Uploads">
          {items.map((item) => (
            <li key={item.id}>
              <span className="upload-name">
                {item.file.name} <span className="muted">({formatBytes(item.file.size)})</span>
              </span>
              <Progress item={item} live={live} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
