import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Trans, useTranslation } from 'react-i18next';
import type { Attachment, AttachmentDoctype } from '../../../../shared/domain/attachments.ts';
import { formatBytes, formatDateTime } from '../../app/format.ts';
import { IconInfo } from '../../app/shell/icons.tsx';
import { confirmAction } from '../../components/feedback/index.ts';
import { ErrorText, StorageLink } from '../attachments/ErrorText.tsx';
import { UploadFiles } from '../attachments/UploadFiles.tsx';
import { useAttachments, useDeleteAttachment, useDownloadAttachment, type DocumentRef } from '../attachments/queries.ts';
import { useStorage } from '../storage/queries.ts';

/*
 * The attachments of one document inside a detail panel: the same queries, upload and error
 * words as Settings › Storage & attachments (pages/attachments), laid out for a narrow panel.
 */

function Row({ companyId, attachment }: { companyId: number; attachment: Attachment }) {
  const { t } = useTranslation();
  const download = useDownloadAttachment();
  const remove = useDeleteAttachment();
  const input = { company_id: companyId, attachment_id: attachment.bocp_id };
  const error = download.error ?? remove.error;
  const name = attachment.original_filename;
  const onDelete = async () => {
    const ok = await confirmAction({
      title: t('attachments.deleteTitle'),
      body: t('attachments.deleteText', { name }),
      confirmLabel: t('attachments.delete'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (ok) remove.mutate(input, { onSuccess: () => notifications.show({ color: 'teal', message: t('attachments.deleted', { name }) }) });
  };
  return (
    <Stack gap={2} data-testid="attachment-row">
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

/** The list of a document's attachments with download and delete (confirmed). */
export function DocumentAttachments({ companyId, doctype, docId }: { companyId: number; doctype: AttachmentDoctype; docId: number }) {
  const { t } = useTranslation();
  const list = useAttachments({ company_id: companyId, doctype, doc_id: docId }, true);
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
    <Stack gap="xs" data-testid="attachments-list">
      {list.data.map((a) => (
        <Row key={a.bocp_id} companyId={companyId} attachment={a} />
      ))}
    </Stack>
  );
}

/** Says so before the files are dropped when the account has no storage (uploads answer 503 until it has). */
function StorageNotice({ companyId }: { companyId: number }) {
  const storage = useStorage(companyId);
  if (!storage.data || storage.data.configured) return null;
  return (
    <Alert variant="light" color="yellow" role="note" icon={<IconInfo />} data-testid="upload-storage-notice">
      <Trans i18nKey="attachments.storageNotice" components={{ strong: <strong />, panel: <StorageLink /> }} />
    </Alert>
  );
}

/** Upload attachment: a dialog with the drop zone (several files, progress each, a 503 explained with a link to the storage settings). */
export function UploadAttachmentModal({ opened, onClose, doc, title }: { opened: boolean; onClose: () => void; doc: DocumentRef; title: string }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': t('common.close') }} data-testid="upload-dialog">
      <Stack gap="sm">
        <StorageNotice companyId={doc.company_id} />
        <Text size="sm" c="dimmed">
          {t('sales.upload.hint')}
        </Text>
        <UploadFiles doc={doc} />
      </Stack>
    </Modal>
  );
}
