import { useEffect, useState } from 'react';
import { Group, NativeSelect, Paper, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ATTACHMENT_DOCTYPE_NAMES, type AttachmentDoctype } from '../../../../shared/domain/attachments.ts';
import { AttachmentList } from './AttachmentList.tsx';
import { StorageNotice } from './StorageNotice.tsx';
import { UploadFiles } from './UploadFiles.tsx';

/**
 * The attachments of a document chosen by its kind and id: list, upload, download, delete. The
 * document is the screen's (its address), given by the parent with `onChange`.
 */
export function AttachmentsPanel({
  companyId,
  doctype,
  docId,
  onChange,
}: {
  companyId: number;
  doctype: AttachmentDoctype;
  docId: number;
  onChange: (next: { doctype: AttachmentDoctype; doc_id: number }) => void;
}) {
  const { t } = useTranslation();
  // What is typed may not be an id yet ("", "0"); the address keeps the last valid one.
  const [text, setText] = useState(String(docId));
  useEffect(() => {
    setText((current) => (Number(current) === docId ? current : String(docId)));
  }, [docId]);
  const valid = /^\d+$/.test(text) && Number(text) >= 1;
  const doc = { company_id: companyId, doctype, doc_id: valid ? Number(text) : docId };

  return (
    <Paper component="section" p="lg" aria-labelledby="attachments-heading" id="attachments">
      <Title order={2} id="attachments-heading" mb="sm">
        {t('attachments.title')}
      </Title>
      <StorageNotice companyId={companyId} testId="attachments-storage-notice" mb="md" />
      <Group gap="md" mb="md" align="flex-end">
        <NativeSelect
          id="attachments-doctype"
          label={t('attachments.doctype')}
          value={doctype}
          onChange={(e) => onChange({ doctype: e.currentTarget.value as AttachmentDoctype, doc_id: doc.doc_id })}
          data={ATTACHMENT_DOCTYPE_NAMES.map((name) => ({ value: name, label: t(`attachments.doctypes.${name}`) }))}
          w={260}
        />
        <TextInput
          id="attachments-doc-id"
          label={t('attachments.docId')}
          type="number"
          min={1}
          value={text}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setText(value);
            if (/^\d+$/.test(value) && Number(value) >= 1) onChange({ doctype, doc_id: Number(value) });
          }}
          w={160}
        />
      </Group>
      <AttachmentList doc={doc} enabled={valid} />
      {valid && <UploadFiles doc={doc} />}
    </Paper>
  );
}
