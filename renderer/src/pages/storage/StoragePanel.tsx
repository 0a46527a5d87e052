import type { StorageSettings, StorageTestResult } from '../../../../shared/domain/attachments.ts';
import { ErpError } from '../../api/errors.ts';
import { StorageForm } from './StorageForm.tsx';
import { useStorage, useStorageTest, useStorageUpdate } from './queries.ts';

/** The id the attachments screen links to when it needs a storage. */
export const STORAGE_PANEL_ID = 'storage';

function StorageStatus({ settings }: { settings: StorageSettings }) {
  if (!settings.configured || !settings.ftp) {
    return (
      <p data-testid="storage-status">
        <span className="status status-pending">not configured</span> Attachments cannot be uploaded or deleted (the
        server answers 503) until an FTP storage is saved below or the local embedded one is started.
      </p>
    );
  }
  const { host, port, user, root, secure } = settings.ftp;
  return (
    <p data-testid="storage-status">
      <span className="status status-delivered">configured</span>{' '}
      {settings.embedded ? (
        <>
          <strong>embedded</strong>: the service's own FTP server on {host}:{port}, inside the data folder.
        </>
      ) : (
        <>
          <strong>external</strong>: {user}@{host}:{port}, root <code>{root}</code>, {secure ? 'FTPS' : 'plain FTP'}.
        </>
      )}
    </p>
  );
}

function TestResult({ result, error }: { result: StorageTestResult | undefined; error: Error | null }) {
  if (error) {
    const status = error instanceof ErpError ? ` (${error.status})` : '';
    return (
      <p role="status" className="test-result fail" data-testid="storage-test-result">
        <strong>Connection test failed{status}:</strong> {error.message}
      </p>
    );
  }
  if (!result) return null;
  return (
    <p role="status" className={`test-result ${result.ok ? 'ok' : 'fail'}`} data-testid="storage-test-result">
      <strong>{result.ok ? 'Connection works' : 'Connection failed'}:</strong> {result.message}{' '}
      <span className="muted">({result.duration_ms} ms)</span>
    </p>
  );
}

/** The account's attachment storage: its state, the external FTP form and the actions. */
export function StoragePanel({ companyId }: { companyId: number }) {
  const storage = useStorage(companyId);
  const update = useStorageUpdate(companyId);
  const test = useStorageTest(companyId);
  const busy = update.isPending || test.isPending;
  const settings = storage.data;

  // A new setting makes the last test result stale.
  const change = (patch: Parameters<typeof update.mutate>[0]) => update.mutate(patch, { onSuccess: () => test.reset() });
  const remove = () => {
    if (window.confirm('Remove the attachment storage of this account? Uploads and deletes answer 503 until a storage is set again.')) {
      change({ ftp: null });
    }
  };

  return (
    <section aria-labelledby="storage-heading" id={STORAGE_PANEL_ID} className="panel">
      <h2 id="storage-heading">Storage (attachments)</h2>
      {storage.isPending && <p className="muted">Reading the storage setting…</p>}
      {storage.isError && (
        <p role="alert" className="notice error">
          The storage setting cannot be read: {storage.error.message}
        </p>
      )}
      {settings && (
        <>
          <StorageStatus settings={settings} />
          <StorageForm
            key={JSON.stringify(settings)}
            current={settings.embedded ? null : settings.ftp}
            busy={busy}
            error={update.error}
            onSave={(ftp) => change({ ftp })}
          >
            <button type="button" disabled={busy || !settings.configured} onClick={remove}>
              Remove
            </button>
            <button type="button" disabled={busy || settings.embedded} onClick={() => change({ embedded: true })}>
              Use local embedded FTP
            </button>
            <button type="button" disabled={busy || !settings.configured} onClick={() => test.mutate()}>
              {test.isPending ? 'Testing…' : 'Test connection'}
            </button>
            {update.isPending && <span className="muted">Saving…</span>}
          </StorageForm>
          <TestResult result={test.data} error={test.error} />
        </>
      )}
    </section>
  );
}
