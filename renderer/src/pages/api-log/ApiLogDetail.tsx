import { Alert, Badge, Button, Code, CopyButton, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { API_LOG_BODY_HEAD, type ApiLogEntry } from '../../../../shared/domain/api-log.ts';
import { useOperation } from '../../api/operations.ts';
import { useServiceInfo } from '../../api/queries.ts';
import { formatDateTime, formatNumber } from '../../app/format.ts';
import { IconCheck, IconCopy } from '../../app/shell/icons.tsx';
import { DetailPanel, DetailSection, JsonView, KeyValue } from '../../components/detail/index.ts';
import { statusColor } from './columns.tsx';
import { curlOf } from './curl.ts';
import type { en } from './messages.ts';

/** A logged body: its JSON as a tree, other text as it is, nothing said for none. */
function Body({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  if (text === '') return <Text size="sm" c="dimmed">{t('apiLog.detail.emptyBody')}</Text>;
  return <JsonView value={text} label={label} maxHeight={320} />;
}

/** The call as a curl command to run again, with what the log could not keep said beside it. */
function CopyAsCurl({ entry }: { entry: ApiLogEntry }) {
  const { t } = useTranslation();
  const info = useServiceInfo();
  const restBaseUrl = info.data?.rest_base_url ?? `${window.location.origin}/app/rest/v1/`;
  const curl = curlOf({ restBaseUrl, companyId: entry.company_id ?? 0, method: entry.method, route: entry.route, user: entry.user, requestBody: entry.request_head });
  return (
    <DetailSection
      title={t('apiLog.curl.title')}
      actions={
        <CopyButton value={curl.command}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant={copied ? 'light' : 'filled'} color={copied ? 'teal' : undefined} leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />} onClick={copy} data-testid="copy-curl">
              {copied ? t('apiLog.curl.copied') : t('apiLog.curl.copy')}
            </Button>
          )}
        </CopyButton>
      }
    >
      <Code block data-testid="curl-command" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {curl.command}
      </Code>
      <List size="xs" c="dimmed" spacing={2}>
        <List.Item>{t('apiLog.curl.password')}</List.Item>
        <List.Item>{t('apiLog.curl.noQuery')}</List.Item>
        {curl.bodyCut && <List.Item>{t('apiLog.curl.bodyCut')}</List.Item>}
        {curl.bodyBinary && <List.Item>{t('apiLog.curl.bodyBinary')}</List.Item>}
      </List>
    </DetailSection>
  );
}

/** One logged call beside the log: who called what, the answer's status and time, the request and answer bodies. */
export function ApiLogDetail({ companyId, id, onClose }: { companyId: number; id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const read = useOperation('apiLog.get', { company_id: companyId, id });
  const e = read.data;
  const f = (key: keyof typeof en.detail.fields) => t(`apiLog.detail.fields.${key}`);
  const cut = e && (e.request_head.length >= API_LOG_BODY_HEAD || e.response_head.length >= API_LOG_BODY_HEAD);
  return (
    <DetailPanel
      label={t('apiLog.detail.label', { id })}
      title={e ? t('apiLog.detail.title', { method: e.method, route: e.route }) : t('apiLog.detail.label', { id })}
      subtitle={e ? t('apiLog.detail.subtitle', { id, when: formatDateTime(e.ts) }) : undefined}
      onClose={onClose}
      loading={read.isPending}
      error={read.error}
      onRetry={() => void read.refetch()}
      testId="api-log-detail"
    >
      {e && (
        <>
          <DetailSection title={t('apiLog.detail.call')}>
            <KeyValue
              items={[
                { label: f('status'), value: <Badge variant="light" color={statusColor(e.status)} data-testid="api-log-status">{e.status}</Badge> },
                ...(e.fault ? [{ label: t('apiLog.fault.field'), value: <span data-testid="api-log-fault">{e.fault}</span> }] : []),
                { label: f('ts'), value: formatDateTime(e.ts) },
                { label: f('method'), value: e.method },
                { label: f('route'), value: <span data-testid="api-log-route">{e.route}</span> },
                { label: f('user'), value: e.user || t('apiLog.detail.noUser') },
                { label: f('ip'), value: e.ip },
                { label: f('duration'), value: t('apiLog.detail.durationMs', { ms: formatNumber(e.duration_ms, 1) }), numeric: true },
              ]}
            />
          </DetailSection>
          <CopyAsCurl entry={e} />
          <DetailSection title={t('apiLog.detail.request')} testId="api-log-request">
            <Body text={e.request_head} label={t('apiLog.detail.request')} />
          </DetailSection>
          <DetailSection title={t('apiLog.detail.response')} testId="api-log-response">
            <Body text={e.response_head} label={t('apiLog.detail.response')} />
          </DetailSection>
          {cut && (
            <Alert variant="light" color="gray" p="xs">
              <Text size="xs">{t('apiLog.detail.cut', { chars: formatNumber(API_LOG_BODY_HEAD) })}</Text>
            </Alert>
          )}
        </>
      )}
    </DetailPanel>
  );
}
