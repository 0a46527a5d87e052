import { useAccounts, useHealth } from './api/queries.ts';
import { useClientInfo } from './api/context.tsx';
import { ErpError } from './api/errors.ts';
import { WebhookDeliveries } from './pages/webhooks/WebhookDeliveries.tsx';
import { StoragePanel } from './pages/storage/StoragePanel.tsx';
import { AttachmentsPanel } from './pages/attachments/AttachmentsPanel.tsx';

/** Says what went wrong and, for a 401 in a browser tab, how to get in. */
function ErrorNotice({ error }: { error: Error }) {
  const { transport, hasToken } = useClientInfo();
  const status = error instanceof ErpError ? error.status : undefined;
  return (
    <div role="alert" className="notice error">
      <strong>{status === 401 ? 'Not authorised (401)' : status ? `Request failed (${status})` : 'Request failed'}:</strong>{' '}
      {error.message}
      {status === 401 && transport === 'http' && (
        <p>
          {hasToken ? 'The admin token in this address is not the one the server uses. ' : 'This address has no admin token. '}
          Open the Web UI address printed by <code>npm run serve</code>: it ends with <code>/?token=…</code>.
        </p>
      )}
    </div>
  );
}

function HealthLine() {
  const health = useHealth();
  const { transport } = useClientInfo();
  if (health.isPending) return <p className="muted">Checking the service…</p>;
  if (health.isError) return <ErrorNotice error={health.error} />;
  return (
    <p data-testid="health">
      Service: <strong>{health.data.status}</strong> · version {health.data.version} · ERP API {health.data.api_version} ·
      via {transport === 'ipc' ? 'IPC' : 'HTTP'}
    </p>
  );
}

function AccountsTable() {
  const accounts = useAccounts();
  if (accounts.isPending) return <p className="muted">Loading accounts…</p>;
  // The health line already explains a refused token; do not say it twice.
  if (accounts.isError) return accounts.error instanceof ErpError && accounts.error.status === 401 ? null : <ErrorNotice error={accounts.error} />;
  return (
    <table aria-label="Accounts">
      <thead>
        <tr>
          <th scope="col">Company ID</th>
          <th scope="col">Name</th>
          <th scope="col">REST API</th>
        </tr>
      </thead>
      <tbody>
        {accounts.data.map((account) => (
          <tr key={account.company_id}>
            <td>{account.company_id}</td>
            <td>{account.name}</td>
            <td>{account.rest_enabled ? 'enabled' : 'disabled'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The delivery log of the first account (the demo's company 1) until the screens of issue 11 arrive. */
function FirstAccountDeliveries() {
  const accounts = useAccounts();
  const first = accounts.data?.[0];
  return first ? <WebhookDeliveries companyId={first.company_id} /> : null;
}

/** The attachment storage setting and the attachments of the first account, until the settings screen and app shell arrive. */
function FirstAccountAttachments() {
  const accounts = useAccounts();
  const first = accounts.data?.[0];
  if (!first) return null;
  return (
    <>
      <StoragePanel companyId={first.company_id} />
      <AttachmentsPanel companyId={first.company_id} />
    </>
  );
}

/** Placeholder home page until the screens of later issues arrive. */
export function App() {
  return (
    <main>
      <h1>ERP Workbench</h1>
      <HealthLine />
      <h2>Accounts</h2>
      <AccountsTable />
      <FirstAccountDeliveries />
      <FirstAccountAttachments />
    </main>
  );
}
