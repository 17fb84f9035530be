/**
 * For administrators: who in the business has a manager PIN, since when, whether it is locked, and
 * "Revoke" (confirmed) for each, e.g. when someone leaves. Shown only to callers the service lets
 * read the list (a restricted manager gets 403, and the card stays away).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { listManagerPins, revokeManagerPin, type ManagerPinModel } from '../../../contract/routes/managerPins';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import { isDenied, toFailure } from './failures';
import styles from './Manager.module.css';
import { MANAGER_KEY, useManagerApi, useSayFailure } from './ManagerContext';

export function ManagerPinsListCard() {
  const { t, format } = useI18n();
  const api = useManagerApi();
  const runtime = useRuntime();
  const queryClient = useQueryClient();
  const sayFailure = useSayFailure();
  const key = [MANAGER_KEY, runtime.kiosk.kioskId, 'managerPin', 'all'] as const;
  const list = useQuery({
    queryKey: key,
    queryFn: () => api.call((client) => client.call(listManagerPins, { path: { businessId: runtime.kiosk.businessId } })),
    retry: false,
  });
  const [revoking, setRevoking] = useState<ManagerPinModel | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const revoke = useMutation({
    mutationFn: (pin: ManagerPinModel) =>
      api.call((client) => client.call(revokeManagerPin, { path: { businessId: runtime.kiosk.businessId, userId: pin.userId } })),
    onSuccess: async (_, pin) => {
      setRevoking(null);
      setOutcome({ tone: 'success', text: t('managerPin.revoked', { name: pin.name }) });
      await queryClient.invalidateQueries({ queryKey: [MANAGER_KEY, runtime.kiosk.kioskId, 'managerPin'] });
      void runtime.refresh();
    },
    onError: (caught) => {
      setRevoking(null);
      setOutcome({ tone: 'error', text: sayFailure(caught) });
    },
  });
  if (list.error && isDenied(toFailure(list.error))) return null;

  return (
    <Card labelledBy="manager-pins-title">
      <h2 id="manager-pins-title" className={styles.cardTitle}>
        {t('managerPin.listTitle')}
      </h2>
      <p className={styles.meta}>{t('managerPin.listLead')}</p>
      {list.error ? <Notice tone="error">{sayFailure(list.error)}</Notice> : null}
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {list.data?.length === 0 ? <p className={styles.empty}>{t('managerPin.listEmpty')}</p> : null}
      {list.data && list.data.length > 0 ? (
        <ul className={styles.list} aria-labelledby="manager-pins-title">
          {list.data.map((pin) => (
            <li key={pin.userId} className={styles.row} data-testid="manager-pin-row">
              <Avatar name={pin.name} size={44} />
              <div className={styles.rowMain}>
                <span className={styles.name}>{pin.name}</span>
                <span className={styles.sub}>
                  {pin.email} · {t('managerPin.listSince', { date: format.date(pin.setAtUtc) })}
                  {pin.lockedUntilUtc ? ` · ${t('managerPin.listLocked', { time: format.time(pin.lockedUntilUtc) })}` : ''}
                </span>
              </div>
              <Button variant="secondary" onClick={() => setRevoking(pin)} aria-label={t('managerPin.revokeFor', { name: pin.name })}>
                {t('managerPin.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        title={t('managerPin.revokeTitle', { name: revoking?.name ?? '' })}
        confirmLabel={t('managerPin.revoke')}
        cancelLabel={t('common.cancel')}
        tone="danger"
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onCancel={() => setRevoking(null)}
      >
        <p>{t('managerPin.revokeBody')}</p>
      </ConfirmDialog>
    </Card>
  );
}
