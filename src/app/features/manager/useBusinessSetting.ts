/**
 * A business setting shown on a manager Settings card and saved at once (break rules, the photo
 * policy): read through the manager's API, a change merged into what is stored and sent whole,
 * the cache set from the service's answer, and one line saying it was saved or why not. One hook,
 * so each card only draws its own choices.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiClient } from '../../../client';
import type { MessageKey } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { MANAGER_KEY, useManagerApi, useSayFailure } from './ManagerContext';

export interface BusinessSettingOptions<T> {
  /** The cache key's last part ('breakRules'). */
  name: string;
  read: (client: ApiClient, path: { businessId: number }) => Promise<T>;
  write: (client: ApiClient, path: { businessId: number }, body: T) => Promise<T>;
  savedKey: MessageKey;
  /** After the service stored it (e.g. refresh the tablet so its kiosk follows at once). */
  afterSave?: () => void;
}

export function useBusinessSetting<T extends object>({ name, read, write, savedKey, afterSave }: BusinessSettingOptions<T>) {
  const { t } = useI18n();
  const runtime = useRuntime();
  const api = useManagerApi();
  const queryClient = useQueryClient();
  const sayFailure = useSayFailure();
  const path = { businessId: runtime.kiosk.businessId };
  const key = [MANAGER_KEY, runtime.kiosk.businessId, name] as const;
  const setting = useQuery({ queryKey: key, queryFn: () => api.call((client) => read(client, path)) });
  const [said, setSaid] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const save = useMutation({
    mutationFn: (body: T) => api.call((client) => write(client, path, body)),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      setSaid({ tone: 'success', text: t(savedKey) });
      afterSave?.();
    },
    onError: (caught: unknown) => setSaid({ tone: 'error', text: sayFailure(caught) }),
  });
  /** Saves the stored setting with `next` merged in (ignored while nothing is loaded or a save runs). */
  const change = (next: Partial<T>) => {
    if (!setting.data || save.isPending) return;
    setSaid(null);
    save.mutate({ ...setting.data, ...next });
  };
  return { data: setting.data, error: setting.error, saving: save.isPending, said, change, sayFailure };
}
