import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '../../../../shared/domain/attachments.ts';
import { formatBytes, formatDateTime } from '../../app/format.ts';
import { confirmAction } from '../../components/feedback/index.ts';
import { ErrorText } from '../attachments/ErrorText.tsx';
import { useAttachments, useDeleteAttachment, useDownloadAttachment, type DocumentRef } from '../attachments/queries.ts';

/*
 * A document's attachments laid out for the side panel: one line each (name, size, when) with
 * download and delete, on the queries of pages/attachments. The Storage screen's table needs
 * 720 px; the panel has about 480.
 */

function AttachmentRow({ companyId, attachment }: { companyId: number; attachment: Attachment }) {
  const { t } = useTranslation();
  const download = useDownloadAttachment();
  const remove = useDeleteAttachment();
  const input = { company_id: companyId, attachment_id: attachment.bocp_id };
  const name = attachment.original_filename;
  const error = download.error ?? remove.error;
  const onDelete = async () => {
    const confirmed = await confirmAction({
      title: t('attachments.deleteTitle'),
      body: t('attachments.deleteText', { name }),
      confirmLabel: t('attachments.delete'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (confirmed) remove.mutate(input, { onSuccess: () => notifications.show({ color: 'teal', message: t('attachments.deleted', { name }) }) });
  };
  return (
    <Stack gap={2} role="listitem" data-testid="attachment-row">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" truncate="end" title={name}>
            {attachment.title || name}
          </Text>
          <Text size="xs" c="dimmed">
            {attachment.title ? `${name} · ` : ''}
            {formatBytes(attachment.filesize)} · {formatDateTime(attachment.uploaded_ts)}
          </Text>
        </div>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" variant="default" loading={download.isPending} onClick={() => download.mutate(input)} aria-label={`${t('attachments.download')} ${name}`}>
            {t('attachments.download')}
          </Button>
          <Button size="compact-xs" variant="subtle" color="red" loading={remove.isPending} onClick={() => void onDelete()} aria-label={`${t('attachments.delete')} ${name}`}>
            {t('attachments.delete')}
          </Button>
        </Group>
      </Group>
      {error && <ErrorText error={error} />}
    </Stack>
  );
}

/** The attachments of one document, oldest first; refreshed live when any is added or removed. */
export function AttachmentRows({ doc }: { doc: DocumentRef }) {
  const { t } = useTranslation();
  const list = useAttachments(doc, true);
  if (list.isPending) return <Skeleton height={36} radius="sm" aria-label={t('attachments.loading')} />;
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
    <Stack gap="xs" role="list" aria-label={t('attachments.title')} data-testid="attachments-list">
      {list.data.map((a) => (
        <AttachmentRow key={a.bocp_id} companyId={doc.company_id} attachment={a} />
      ))}
    </Stack>
  );
}
