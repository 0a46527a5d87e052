import { Button, Group, Loader, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '../../../../shared/domain/attachments.ts';
import { formatBytes, formatDateTime } from '../../app/format.ts';
import { AttachmentsQuery } from './AttachmentsQuery.tsx';
import { ErrorText } from './ErrorText.tsx';
import type { DocumentRef } from './queries.ts';
import { useAttachmentActions } from './use-attachment-actions.ts';

function Actions({ companyId, attachment }: { companyId: number; attachment: Attachment }) {
  const { t } = useTranslation();
  const { download, downloading, remove, removing, error } = useAttachmentActions(companyId, attachment);
  const busy = downloading || removing;
  return (
    <Group gap={6} wrap="nowrap">
      <Button size="compact-sm" variant="default" disabled={busy && !downloading} loading={downloading} onClick={download}>
        {t('attachments.download')}
      </Button>
      <Button size="compact-sm" variant="default" color="red" disabled={busy && !removing} loading={removing} onClick={remove}>
        {t('attachments.delete')}
      </Button>
      {error && <ErrorText error={error} />}
    </Group>
  );
}

/** The attachments of one document as the Storage screen's table, with download and delete. */
export function AttachmentList({ doc, enabled }: { doc: DocumentRef; enabled: boolean }) {
  const { t } = useTranslation();
  if (!enabled) return <Text size="sm" c="dimmed">{t('attachments.enterDocId')}</Text>;
  const loading = (
    <Group gap="xs">
      <Loader size="xs" />
      <Text size="sm" c="dimmed">
        {t('attachments.loading')}
      </Text>
    </Group>
  );
  return (
    <AttachmentsQuery doc={doc} loading={loading}>
      {(items) => <AttachmentTable companyId={doc.company_id} items={items} />}
    </AttachmentsQuery>
  );
}

function AttachmentTable({ companyId, items }: { companyId: number; items: Attachment[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table aria-label={t('attachments.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" ta="right">{t('attachments.columns.id')}</Table.Th>
            <Table.Th scope="col">{t('attachments.columns.title')}</Table.Th>
            <Table.Th scope="col">{t('attachments.columns.file')}</Table.Th>
            <Table.Th scope="col" ta="right">{t('attachments.columns.size')}</Table.Th>
            <Table.Th scope="col">{t('attachments.columns.uploaded')}</Table.Th>
            <Table.Th scope="col">{t('attachments.columns.public')}</Table.Th>
            <Table.Th scope="col">{t('attachments.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((a) => (
            <Table.Tr key={a.bocp_id}>
              <Table.Td ta="right">{a.bocp_id}</Table.Td>
              <Table.Td>{a.title || <Text span c="dimmed">—</Text>}</Table.Td>
              <Table.Td>{a.original_filename}</Table.Td>
              <Table.Td ta="right" title={t('attachments.sizeAsStored', { bytes: a.filesize })}>
                {formatBytes(a.filesize)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(a.uploaded_ts)}</Table.Td>
              <Table.Td>{a.is_public ? t('common.yes') : t('common.no')}</Table.Td>
              <Table.Td>
                <Actions companyId={companyId} attachment={a} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
