import { useSearch } from '@tanstack/react-router';
import { PageHeader } from '../../app/shell/PageHeader.tsx';
import { AnswerRules } from './AnswerRules.tsx';
import { DeliveriesView } from './DeliveriesView.tsx';
import { InboxView } from './InboxView.tsx';

/**
 * Logs › Webhook log: the notifications sent to the connectors (live, with every attempt, retry
 * and cancel) and, in the second view, what the built-in inbox received. The address holds the
 * view, the filters and the open record.
 */
export function WebhookLogScreen() {
  const search = useSearch({ from: '/c/$companyId/logs/webhooks' });
  return (
    <div data-testid="screen-webhookLog">
      <PageHeader screen="webhookLog">
        <AnswerRules />
      </PageHeader>
      {search.view === 'inbox' ? <InboxView /> : <DeliveriesView />}
    </div>
  );
}
