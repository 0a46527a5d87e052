import type { attachmentOperations } from '../../../shared/contract/operations-attachments.ts';
import type { HandlersOf } from '../operation-handlers.ts';
import type { Attachments } from '../domains/attachments/index.ts';

/**
 * The account's FTP storage and the attachments kept on it, as staff reach them
 * (shared/contract/operations-attachments.ts); the REST routes call the same domain.
 */
export function createAttachmentHandlers(deps: { attachments: Attachments }): HandlersOf<keyof typeof attachmentOperations> {
  const { attachments } = deps;
  return {
    'storage.get': ({ company_id }) => attachments.storageSettings(company_id),
    'storage.update': ({ company_id, ...patch }) => attachments.updateStorage(company_id, patch),
    'storage.test': ({ company_id }) => attachments.testStorage(company_id),
    'attachments.list': ({ company_id, doctype, doc_id }) => attachments.ofDocument(company_id, doctype, doc_id),
    'attachments.get': ({ company_id, attachment_id }) => attachments.get(company_id, attachment_id),
    'attachments.upload': ({ company_id, ...file }) => attachments.upload(company_id, file),
    'attachments.download': ({ company_id, attachment_id }) => attachments.download(company_id, attachment_id),
    'attachments.delete': ({ company_id, attachment_id }) => attachments.delete(company_id, attachment_id),
  };
}
