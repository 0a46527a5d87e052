import { Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '../../../../shared/domain/attachments.ts';
import { formatBytes, formatDateTime } from '../../app/format.ts';
import { DetailSection } from '../../components/detail/index.ts';
import { AttachmentsQuery } from './AttachmentsQuery.tsx';
import { ErrorText } from './ErrorText.tsx';
import { StorageNotice } from './StorageNotice.tsx';
import { UploadFiles } from './UploadFiles.tsx';
import type { DocumentRef } from './queries.ts';
import { useAttachmentActions } from './use-attachment-actions.ts';

/*
 * A document's attachments in a detail panel (sales, payments, invoices, proformas, fiscal
 * receipts, AWBs, contacts): one line each (name, size, when) with download and delete, on the
 * queries of the Storage screen. That screen's table needs 720 px; a panel has about 480.
 */

function AttachmentRow({ companyId, attachment }: { companyId: number; attachment: Attachment }) {
  const { t } = useTranslation();
  const { name, download, downloading, remove, removing, error } = useAttachmentActions(companyId, attachment);
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
          <Button size="compact-xs" variant="default" loading={downloading} onClick={download} aria-label={`${t('attachments.download')} ${name}`}>
            {t('attachments.download')}
          </Button>
          <Button size="compact-xs" variant="subtle" color="red" loading={removing} onClick={remove} aria-label={`${t('attachments.delete')} ${name}`}>
            {t('attachments.delete')}
          </Button>
        </Group>
      </Group>
      {error && <ErrorText error={error} />}
    </Stack>
  );
}

/**
 * The section "Attachments" of a detail panel: the document's files, oldest first, refreshed live
 * when any is added or removed. `inlineUpload` puts the drop zone under them; otherwise the
 * screen offers UploadAttachmentModal from its header actions.
 */
export function DetailAttachments({ doc, inlineUpload = false }: { doc: DocumentRef; inlineUpload?: boolean }) {
  const { t } = useTranslation();
  return (
    <DetailSection title={t('attachments.title')} testId="detail-attachments">
      <AttachmentsQuery doc={doc} loading={<Skeleton height={36} radius="sm" aria-label={t('attachments.loading')} />}>
        {(items) => (
          <Stack gap="xs" role="list" aria-label={t('attachments.title')} data-testid="attachments-list">
            {items.map((a) => (
              <AttachmentRow key={a.bocp_id} companyId={doc.company_id} attachment={a} />
            ))}
          </Stack>
        )}
      </AttachmentsQuery>
      {inlineUpload && <UploadFiles doc={doc} />}
    </DetailSection>
  );
}

/** Upload attachments: a dialog with the drop zone (several files, progress each, a 503 explained with a link to the storage settings). */
export function UploadAttachmentModal({ opened, onClose, doc, number }: { opened: boolean; onClose: () => void; doc: DocumentRef; number: string }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('attachments.uploadTo', { number })} size="lg" closeButtonProps={{ 'aria-label': t('common.close') }} data-testid="upload-dialog">
      <Stack gap="sm">
        {/* Said before the files are dropped: without storage every upload answers 503. */}
        <StorageNotice companyId={doc.company_id} testId="upload-storage-notice" />
        <Text size="sm" c="dimmed">
          {t('attachments.uploadHint')}
        </Text>
        <UploadFiles doc={doc} />
      </Stack>
    </Modal>
  );
}
