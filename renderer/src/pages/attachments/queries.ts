import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AttachmentDoctype } from '../../../../shared/domain/attachments.ts';
import { useClientInfo } from '../../api/context.tsx';
import { readBase64, saveBase64 } from './files.ts';

export interface DocumentRef {
  company_id: number;
  doctype: AttachmentDoctype;
  doc_id: number;
}

/** The attachments of one document, oldest first. */
export function useAttachments(doc: DocumentRef, enabled: boolean) {
  const { client } = useClientInfo();
  return useQuery({ queryKey: ['attachments.list', doc], queryFn: () => client.invoke('attachments.list', doc), enabled });
}

function useInvalidateLists() {
  const queries = useQueryClient();
  return () => queries.invalidateQueries({ queryKey: ['attachments.list'] });
}

/** Reads one file as base64 and uploads it; its progress arrives as attachment.progress events named by upload_id. */
export function useUploadAttachment() {
  const { client } = useClientInfo();
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: async ({ doc, file, uploadId }: { doc: DocumentRef; file: File; uploadId: string }) =>
      client.invoke('attachments.upload', { ...doc, file_name: file.name, content_base64: await readBase64(file), upload_id: uploadId }),
    onSettled: invalidate,
  });
}

/** Fetches the file (base64) and hands it to the browser's download. */
export function useDownloadAttachment() {
  const { client } = useClientInfo();
  return useMutation({
    mutationFn: (input: { company_id: number; attachment_id: number }) => client.invoke('attachments.download', input),
    onSuccess: (file) => saveBase64(file.file_name, file.content_type, file.content_base64),
  });
}

/** Removes the file from the storage, its row and its key. */
export function useDeleteAttachment() {
  const { client } = useClientInfo();
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: (input: { company_id: number; attachment_id: number }) => client.invoke('attachments.delete', input),
    onSettled: invalidate,
  });
}
