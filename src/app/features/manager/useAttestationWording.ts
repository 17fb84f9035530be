/**
 * The business's own wording of its questions at clock-off, for manager mode: every version it
 * wrote (read once, shared by the Settings cards that show a question) and the write of a new
 * version, which joins the cache and refreshes the tablet so its next clock-off asks it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listAttestationWording, writeAttestationWording } from '../../../contract/routes/attestations';
import type { AttestationWordingInputModel, AttestationWordingModel } from '../../../contract/supporting/attestations';
import { useRuntime } from '../../runtime/RuntimeContext';
import { MANAGER_KEY, useManagerApi } from './ManagerContext';

export function useAttestationWording() {
  const runtime = useRuntime();
  const api = useManagerApi();
  const queryClient = useQueryClient();
  const path = { businessId: runtime.kiosk.businessId };
  const key = [MANAGER_KEY, runtime.kiosk.businessId, 'attestationWording'] as const;
  const written = useQuery({ queryKey: key, queryFn: () => api.call((client) => client.call(listAttestationWording, { path })) });
  const write = useMutation({
    mutationFn: (body: AttestationWordingInputModel) => api.call((client) => client.call(writeAttestationWording, { path, body })),
    onSuccess: (saved) => {
      queryClient.setQueryData<AttestationWordingModel[]>(key, (before) => [...(before ?? []), saved]);
      void runtime.refresh();
    },
  });
  return { written: written.data, error: written.error, write };
}
