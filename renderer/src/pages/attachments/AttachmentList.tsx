import { Button, Group, Loader, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '../../../../shared/domain/attachments.ts';
import { formatBytes, formatDateTime } from '../../app/format.ts';
import { ErrorText } from './ErrorText.tsx';
import { useAttachments, useDeleteAttachment, useDownloadAttachment, type DocumentRef } from './queries.ts';

function Actions({ companyId, attachment }: { companyId: number; attachment: Attachment }) {
  const { t } = useTranslation();
  const download = useDownloadAttachment();
  const remove = useDeleteAttachment();
  const input = { company_id: companyId, attachment_id: attachment.bocp_id };
  const busy = download.isPending || remove.isPending;
  const error = download.error ?? remove.error;
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('attachments.deleteTitle'),
      children: <Text size="sm">{t('attachments.deleteText', { name: attachment.original_filename })}</Text>,
      labels: { confirm: t('attachments.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(input, {
          onSuccess: () => notifications.show({ color: 'teal', message: t('attachments.deleted', { name: attachment.original_filename }) }),
        }),
    });
  return (
    <Group gap={6} wrap="nowrap">
      <Button size="compact-sm" variant="default" disabled={busy && !download.isPending} loading={download.isPending} onClick={() => download.mutate(input)}>
        {t('attachments.download')}
      </Button>
      <Button size="compact-sm" variant="default" color="red" disabled={busy && !remove.isPending} loading={remove.isPending} onClick={confirmDelete}>
        {t('attachments.delete')}
      </Button>
      {error && <ErrorText error={error} />}
    </Group>
  );
}

/** The attachments of one document with download and delete. */
export function AttachmentList({ doc, enabled }: { doc: DocumentRef; enabled: boolean }) {
  const { t } = useTranslation();
  const list = useAttachments(doc, enabled);
  if (!enabled) return <Text size="sm" c="dimmed">{t('attachments.enterDocId')}</Text>;
  if (list.isPending) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('attachments.loading')}
        </Text>
      </Group>
    );
  }
  if (list.isError) {
    return (
      <Text size="sm" c="dimmed">
        {t('attachments.cannotRead')} <ErrorText error={list.error} />
      </Text>
    );
  }
  if (list.data.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="attachments-empty">
        {t('attachments.empty')}
      </Text>
    );
  }
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
          {list.data.map((a) => (
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
                <Actions companyId={doc.company_id} attachment={a} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
