import { createAttachments } from '../domains/attachments/index.ts';
import type { Storage } from './storage.ts';

/**
 * Files: the attachments of every account on its FTP storage (an external server or the embedded
 * one). The product images live in the file store of assembleStorage.
 */
export function assembleFiles(
  storage: Storage,
  dataDir: string,
  late: {
    /** The fault switches that make an account's storage refuse (testing tools). */
    storageRefusal: (companyId: number) => Error | undefined;
  },
) {
  const attachments = createAttachments({
    db: storage.db,
    clock: storage.clock,
    events: storage.events,
    dataDir,
    publicUrl: storage.publicUrl,
    requireAccount: storage.requireAccount,
    storageRefusal: late.storageRefusal,
  });
  return { attachments };
}
export type FilesArea = ReturnType<typeof assembleFiles>;
