import type { WebhookDeliveryWithAttempts } from '../../../../shared/domain/webhooks.ts';
import { useDeliveryAction, useWebhookDeliveries } from '../../api/queries.ts';
import { ErpError } from '../../api/errors.ts';

/** The spec's answer table in plain words: it differs from most webhook senders. */
export function AnswerRules() {
  return (
    <div className="notice info" data-testid="webhook-rules">
      <strong>How this ERP reads your receiver's answer</strong>
      <ul>
        <li>
          <code>200</code> closes the notification: delivered.
        </li>
        <li>
          <strong>Any 4xx means stop</strong>: the notification is closed as failed and never retried (unlike most
          webhook senders, which retry a 4xx).
        </li>
        <li>
          Anything else is retried on the schedule, <strong>a 201 or 204 included</strong>, and redirects, 5xx, timeouts
          and refused connections.
        </li>
      </ul>
    </div>
  );
}

function lastAnswer(delivery: WebhookDeliveryWithAttempts): string {
  const last = delivery.attempts.at(-1);
  if (!last) return delivery.close_reason ?? '—';
  return last.http_status !== null ? `HTTP ${last.http_status} · ${last.duration_ms} ms` : (last.error ?? 'no answer');
}

function Actions({ delivery }: { delivery: WebhookDeliveryWithAttempts }) {
  const retry = useDeliveryAction('webhooks.retry');
  const cancel = useDeliveryAction('webhooks.cancel');
  const input = { company_id: delivery.company_id, delivery_id: delivery.id };
  const error = retry.error ?? cancel.error;
  return (
    <>
      <button type="button" disabled={delivery.in_flight || retry.isPending} onClick={() => retry.mutate(input)}>
        {retry.isPending ? 'Sending…' : 'Retry now'}
      </button>
      {delivery.status === 'pending' && (
        <button type="button" disabled={cancel.isPending} onClick={() => cancel.mutate(input)}>
          Cancel
        </button>
      )}
      {error && <span className="error-text">{error instanceof ErpError ? error.messages.join('; ') : error.message}</span>}
    </>
  );
}

/** The latest deliveries of an account with their last answer, live (polled). */
export function WebhookDeliveries({ companyId }: { companyId: number }) {
  const deliveries = useWebhookDeliveries(companyId);
  return (
    <section aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading">Webhook deliveries</h2>
      <AnswerRules />
      {deliveries.isPending && <p className="muted">Loading deliveries…</p>}
      {deliveries.isError && <p className="muted">The delivery log cannot be read: {deliveries.error.message}</p>}
      {deliveries.isSuccess && deliveries.data.length === 0 && (
        <p className="muted">No notification yet. Staff actions and product changes on a connector's products queue them here.</p>
      )}
      {deliveries.isSuccess && deliveries.data.length > 0 && (
        <table aria-label="Webhook deliveries">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Created</th>
              <th scope="col">Connector</th>
              <th scope="col">Type</th>
              <th scope="col">Order / product</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last answer</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.data.map((d) => (
              <tr key={d.id}>
                <td>{d.id}</td>
                <td>{d.created_ts}</td>
                <td>{d.connector_id}</td>
                <td>{d.notification_type}</td>
                <td>{d.order_unique_id ?? String((d.payload as { cod_produs?: unknown }).cod_produs ?? '')}</td>
                <td>
                  <span className={`status status-${d.status}`}>{d.in_flight ? 'sending' : d.status}</span>
                  {d.status === 'pending' && d.next_attempt_ts && !d.in_flight && <div className="muted small">next {d.next_attempt_ts}</div>}
                </td>
                <td>{d.attempt_count}</td>
                <td>{lastAnswer(d)}</td>
                <td className="actions">
                  <Actions delivery={d} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
