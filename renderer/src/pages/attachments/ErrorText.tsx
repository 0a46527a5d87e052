import { ErpError } from '../../api/errors.ts';
import { STORAGE_PANEL_ID } from '../storage/StoragePanel.tsx';

/** Points to the Storage panel: where a 503 (storage missing or unreachable) is mended. */
export function StorageLink() {
  return <a href={`#${STORAGE_PANEL_ID}`}>Storage (attachments)</a>;
}

/** The server's words for a refused action; a 503 also says where the storage is set up. */
export function ErrorText({ error }: { error: Error }) {
  const unavailable = error instanceof ErpError && error.status === 503;
  return (
    <span className="error-text" role="alert">
      {error instanceof ErpError ? `${error.messages.join('; ') || error.message} (${error.status})` : error.message}
      {unavailable && (
        <>
          {' '}
          — check the <StorageLink /> panel.
        </>
      )}
    </span>
  );
}
