/**
 * Unverified offline punches waiting for a manager: who, when, why the service
 * could not verify them (the sealed PIN did not match, or there was none) and the photo taken.
 * Accept clears the flag; reject discards the shift. Both are small and asked twice. Shown on the
 * On site screen only while something waits.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { acceptIdentityClaim, listIdentityClaims, rejectIdentityClaim } from '../../../contract/routes/kioskExtensions';
import type { IdentityClaimModel } from '../../../contract/supporting/kioskExtensions';
import type { MessageKey } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import styles from './Manager.module.css';
import own from './UnverifiedPunchesCard.module.css';
import { managerKeys, useAfterKioskChange, useManagerApi, useSayFailure } from './ManagerContext';

const KIND_TEXT: Record<IdentityClaimModel['punchKind'], MessageKey> = {
  clockOn: 'manager.claims.kind.clockOn',
  startBreak: 'manager.claims.kind.startBreak',
  endBreak: 'manager.claims.kind.endBreak',
  clockOff: 'manager.claims.kind.clockOff',
};

const REASON_TEXT: Record<NonNullable<IdentityClaimModel['reason']>, MessageKey> = {
  'wrong-pin': 'manager.claims.reason.wrong-pin',
  'no-pin': 'manager.claims.reason.no-pin',
  'pin-locked': 'manager.claims.reason.pin-locked',
  'pin-not-set': 'manager.claims.reason.pin-not-set',
  'no-punch': 'manager.claims.reason.no-punch',
  'badge-revoked': 'manager.claims.reason.badge-revoked',
};

type Decision = 'accept' | 'reject';

function ClaimItem({ claim }: { claim: IdentityClaimModel }) {
  const { t, format } = useI18n();
  const api = useManagerApi();
  const { kiosk } = useRuntime();
  const afterChange = useAfterKioskChange();
  const sayFailure = useSayFailure();
  const [confirming, setConfirming] = useState<Decision | null>(null);
  const decide = useMutation({
    mutationFn: (decision: Decision) =>
      api.fix(`identityClaims.${decision}`, { claimId: claim.id }, (client, options) =>
        client.call(decision === 'accept' ? acceptIdentityClaim : rejectIdentityClaim, { path: { businessId: kiosk.businessId, kioskId: kiosk.kioskId, claimId: claim.id } }, options),
      ),
    onSuccess: () => afterChange(),
  });
  const what = t(KIND_TEXT[claim.punchKind], { time: format.dateTime(claim.timeOfRecordUtc) });
  return (
    <li className={own.item} data-testid="unverified-punch" data-claim-id={claim.id}>
      {claim.photo ? (
        <img className={own.photo} src={`data:image/jpeg;base64,${claim.photo}`} alt={t('manager.claims.photoOf', { name: claim.employeeName })} />
      ) : (
        <Avatar name={claim.employeeName} size={52} />
      )}
      <div className={styles.rowMain}>
        <span className={styles.name}>{claim.employeeName}</span>
        <span className={styles.sub}>{what}</span>
        <span className={styles.chips}>
          <span className={styles.chipAlert}>{claim.reason ? t(REASON_TEXT[claim.reason]) : t('manager.claims.unverified')}</span>
        </span>
      </div>
      <div className={own.decide}>
        {decide.error ? <Notice tone="error">{sayFailure(decide.error)}</Notice> : null}
        {confirming ? (
          <>
            <span role="status">{t(confirming === 'accept' ? 'manager.claims.confirmAccept' : 'manager.claims.confirmReject', { name: claim.employeeName })}</span>
            <Button variant={confirming === 'accept' ? 'primary' : 'danger'} disabled={decide.isPending} onClick={() => decide.mutate(confirming)}>
              {t(confirming === 'accept' ? 'manager.claims.yesAccept' : 'manager.claims.yesReject')}
            </Button>
            <Button variant="secondary" disabled={decide.isPending} onClick={() => setConfirming(null)}>
              {t('manager.claims.keep')}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={() => setConfirming('accept')} aria-label={t('manager.claims.acceptFor', { name: claim.employeeName, what })}>
              {t('manager.claims.accept')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming('reject')} aria-label={t('manager.claims.rejectFor', { name: claim.employeeName, what })}>
              {t('manager.claims.reject')}
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

export function UnverifiedPunchesCard() {
  const { t } = useI18n();
  const api = useManagerApi();
  const { kiosk } = useRuntime();
  const sayFailure = useSayFailure();
  const claims = useQuery({
    queryKey: [...managerKeys.kiosk(kiosk.kioskId), 'identityClaims'],
    queryFn: () => api.call((client) => client.call(listIdentityClaims, { path: { businessId: kiosk.businessId, kioskId: kiosk.kioskId } })),
    refetchInterval: 15_000,
  });
  if (claims.error) return <Notice tone="error">{sayFailure(claims.error)}</Notice>;
  if (!claims.data?.length) return null;
  return (
    <Card labelledBy="unverified-title">
      <h2 id="unverified-title" className={styles.cardTitle}>
        {t('manager.claims.title', { count: claims.data.length })}
      </h2>
      <p className={styles.lead}>{t('manager.claims.lead')}</p>
      <ul className={styles.list} aria-labelledby="unverified-title">
        {claims.data.map((claim) => (
          <ClaimItem key={claim.id} claim={claim} />
        ))}
      </ul>
    </Card>
  );
}
