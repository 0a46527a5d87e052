import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StoragePatch } from '../../../../shared/domain/attachments.ts';
import { useClientInfo } from '../../api/context.tsx';

/** The account's FTP storage (never its password); the attachments screen reads it too. */
export function useStorage(companyId: number) {
  const { client } = useClientInfo();
  const input = { company_id: companyId };
  return useQuery({ queryKey: ['storage.get', input], queryFn: () => client.invoke('storage.get', input) });
}

/** Configure, remove, or switch to the embedded storage; the setting is read again afterwards. */
export function useStorageUpdate(companyId: number) {
  const { client } = useClientInfo();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (patch: StoragePatch) => client.invoke('storage.update', { company_id: companyId, ...patch }),
    onSettled: () => queries.invalidateQueries({ queryKey: ['storage.get'] }),
  });
}

/** Connect, log in, write, read back and remove a probe file. */
export function useStorageTest(companyId: number) {
  const { client } = useClientInfo();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: () => client.invoke('storage.test', { company_id: companyId }),
    onSettled: () => queries.invalidateQueries({ queryKey: ['storage.get'] }),
  });
}
