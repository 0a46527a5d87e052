import { useMemo } from 'react';
import { Badge, Select, Text } from '@mantine/core';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { InboxMessage } from '../../../../shared/domain/inbox.ts';
import { useClientInfo } from '../../api/context.tsx';
import { useOperation } from '../../api/operations.ts';
import { useServiceInfo } from '../../api/queries.ts';
import { useDataTableLabels } from '../../app/data-table-labels.ts';
import { formatDateTime } from '../../app/format.ts';
import { DataTable, numberColumn, Pill, textColumn, type DataTableColumn, type FetchWindow } from '../../components/data-table/index.ts';
import { DetailPanel, DetailSection, JsonView, KeyValue, ListDetailLayout } from '../../components/detail/index.ts';
import { FilterRow, ViewSwitch } from './filters.tsx';
import type { WebhookLogSearch } from './search.ts';
import type { en } from './messages.ts';
import { SavedViews } from '../../components/saved-views/index.ts';

const ROUTE = '/c/$companyId/logs/webhooks';
/** The inbox keeps its newest 1000 posts: one read holds them all. */
const KEPT = 1000;

const field = (m: InboxMessage, key: string): string => {
  const value = (m.json as Record<string, unknown> | null)?.[key];
  return value === undefined || value === null ? '' : String(value);
};
const answerColor = (status: number) => (status === 200 ? 'teal' : status >= 400 && status < 500 ? 'red' : 'yellow');

function inboxColumns(t: TFunction): DataTableColumn<InboxMessage>[] {
  const c = (key: keyof typeof en.inbox.columns) => t(`webhookLog.inbox.columns.${key}`);
  return [
    numberColumn('id', c('id'), (m) => m.id, { width: 70, hideable: false, format: (v) => String(v) }),
    textColumn('received', c('received'), (m) => m.ts, { width: 180, format: (v) => formatDateTime(v as string) }),
    textColumn('type', c('type'), (m) => field(m, 'notification_type'), { width: 150 }),
    textColumn('subject', c('subject'), (m) => field(m, 'order_unique_id') || field(m, 'cod_produs'), { width: 150 }),
    { id: 'answered', header: c('answered'), width: 100, value: (m) => m.answered_status, cell: (m) => <Pill color={answerColor(m.answered_status)}>{m.answered_status}</Pill> },
    textColumn('method', c('method'), (m) => m.method, { width: 80, defaultHidden: true }),
    textColumn('ip', c('ip'), (m) => m.ip, { width: 130, defaultHidden: true }),
    numberColumn('size', c('size'), (m) => m.body.length, { width: 90 }),
  ];
}

/** One capture: when and from where, what the inbox answered, the headers and the body as received. */
function CaptureDetail({ name, id, onClose }: { name: string; id: number; onClose: () => void }) {
  const { t } = useTranslation();
  // The capture is the first post after id - 1 (ids grow by one per post).
  const read = useOperation('inbox.list', { name, after_id: id - 1, limit: 1 });
  const message = read.data?.messages[0]?.id === id ? read.data.messages[0] : undefined;
  const d = (key: Exclude<keyof typeof en.inbox.detail, 'title' | 'subtitle'>) => t(`webhookLog.inbox.detail.${key}`);
  const missing = read.isSuccess && !message ? new Error(`${name}: ${id}?`) : null;
  return (
    <DetailPanel
      label={t('webhookLog.inbox.detail.title', { id })}
      title={t('webhookLog.inbox.detail.title', { id })}
      subtitle={t('webhookLog.inbox.detail.subtitle', { name })}
      onClose={onClose}
      loading={read.isPending}
      error={read.error ?? missing}
      onRetry={() => void read.refetch()}
      testId="capture-detail"
    >
      {message && (
        <>
          <KeyValue
            items={[
              { label: d('received'), value: formatDateTime(message.ts) },
              { label: d('answered'), value: <Badge variant="light" color={answerColor(message.answered_status)}>{message.answered_status}</Badge> },
              { label: d('from'), value: message.ip },
              { label: d('method'), value: message.method },
            ]}
          />
          <DetailSection title={d('headers')}>
            <JsonView value={message.headers} label={`${t('webhookLog.inbox.detail.title', { id })}: ${d('headers')}`} maxHeight={240} />
          </DetailSection>
          <DetailSection title={d('body')}>
            <JsonView value={message.json ?? message.body} label={`${t('webhookLog.inbox.detail.title', { id })}: ${d('body')}`} maxHeight={360} />
          </DetailSection>
        </>
      )}
    </DetailPanel>
  );
}

/**
 * The built-in inbox's captures: what each inbox received, newest first, live (a post appears as
 * it arrives, the core announces `inbox.received`); a capture's headers and body on the side.
 */
export function InboxView() {
  const { t } = useTranslation();
  const labels = useDataTableLabels();
  const { client } = useClientInfo();
  const { companyId } = useParams({ from: ROUTE });
  const search = useSearch({ from: ROUTE });
  const navigate = useNavigate({ from: ROUTE });
  const patch = (change: Partial<WebhookLogSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }) });
  const names = useOperation('inbox.names', {});
  const info = useServiceInfo();
  const inboxes = names.data ?? [];
  const name = search.inbox ?? inboxes[0]?.name;
  const state = inboxes.find((inbox) => inbox.name === name);
  const columns = useMemo(() => inboxColumns(t), [t]);

  const source = useMemo(() => {
    const fetchWindow: FetchWindow<InboxMessage> = async (offset, limit, _sort, direction) => {
      if (name === undefined) return { rows: [], total: 0 };
      const { messages } = await client.invoke('inbox.list', { name, limit: KEPT });
      const ordered = direction === 'asc' ? messages : [...messages].reverse();
      return { rows: ordered.slice(offset, offset + limit), total: ordered.length };
    };
    // inbox.list reads `inbox`: a post refreshes the windows in view.
    return { queryKey: ['inbox.list', { name: name ?? '' }] as const, fetchWindow };
  }, [client, name]);

  const open = search.message;
  const behaviour = state?.behaviour;
  return (
    <ListDetailLayout
      table={
        <DataTable
          id="webhook-inbox"
          label={t('webhookLog.inbox.tableLabel')}
          columns={columns}
          rowKey={(m) => m.id}
          {...source}
          defaultSort={{ key: 'id', direction: 'desc' }}
          toolbar={
            <FilterRow>
              <ViewSwitch value="inbox" onChange={(view) => patch({ view: view === 'deliveries' ? undefined : view, message: undefined })} />
              <SavedViews tableId="webhook-inbox" />
              <Select
                size="xs"
                w={190}
                aria-label={t('webhookLog.inbox.choose')}
                placeholder={t('webhookLog.inbox.none')}
                data={inboxes.map((inbox) => ({ value: inbox.name, label: `${inbox.name} (${inbox.received_count})` }))}
                value={name ?? null}
                onChange={(next) => patch({ inbox: next ?? undefined, message: undefined })}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                data-testid="inbox-choose"
              />
              {behaviour && (
                <Text size="xs" c="dimmed" data-testid="inbox-behaviour">
                  {t('webhookLog.inbox.answers', { status: [behaviour.status].flat().join(' → ') })}
                  {behaviour.delay_ms > 0 && ` ${t('webhookLog.inbox.delay', { ms: behaviour.delay_ms })}`}
                </Text>
              )}
            </FilterRow>
          }
          onOpen={(m) => patch({ message: m.id, inbox: name })}
          openKey={open ?? null}
          onEscape={() => {
            if (open === undefined) return false;
            patch({ message: undefined });
            return true;
          }}
          empty={
            name === undefined
              ? { title: t('webhookLog.inbox.none'), description: t('webhookLog.inbox.noneHint', { url: `${info.data?.control_base_url ?? '/_sandbox/'}inbox/` }) }
              : { title: t('webhookLog.inbox.empty'), description: t('webhookLog.inbox.emptyDescription') }
          }
          exportFileName={`inbox-${name ?? 'none'}-${companyId}`}
          labels={labels}
        />
      }
      detail={open !== undefined && name !== undefined ? <CaptureDetail name={name} id={open} onClose={() => patch({ message: undefined })} /> : undefined}
    />
  );
}
