/**
 * A location's own break rules and questions at clock-off in manager mode's Settings (the
 * overrides of docs/attestations.md#per-location): a manager picks a location, then keeps the
 * inherited setting (the location above's, else the business's) for each or gives it its own. Saved at once like the business's
 * cards above it (Settings keeps its one Save), and the tablet refreshes so its next clock-off follows.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getLocationRules, listLocationRules, saveLocationRules } from '../../../contract/routes/locationRules';
import type { LocationRulesInputModel, LocationRulesModel } from '../../../contract/supporting/locationRules';
import { BREAK_RULE_PROFILES } from '../../../domain/breakRules';
import { rulesAt, type LocationParent } from '../../../domain/locationRules';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import { QuestionChoices } from './AttestationsCard';
import { questionChoices, withQuestion } from './attestationForm';
import styles from './Manager.module.css';
import { MANAGER_KEY, useManagerApi, useSayFailure } from './ManagerContext';
import { MinimumRestField } from './MinimumRestField';
import { useBreakRulesSetting } from './BreakRulesCard';
import { useRosterPickLists } from './useRosterData';

const BUSINESS = 'Business';

function Overrides({ locationId, name, parents }: { locationId: number; name: string; parents: readonly LocationParent[] }) {
  const { t } = useI18n();
  const runtime = useRuntime();
  const api = useManagerApi();
  const queryClient = useQueryClient();
  const sayFailure = useSayFailure();
  const path = { businessId: runtime.kiosk.businessId, id: locationId };
  const key = [MANAGER_KEY, runtime.kiosk.businessId, 'locationRules', locationId] as const;
  const listKey = [MANAGER_KEY, runtime.kiosk.businessId, 'locationRules'] as const;
  const stored = useQuery({ queryKey: key, queryFn: () => api.call((client) => client.call(getLocationRules, { path })) });
  // Every location's overrides: a location without its own profile inherits the nearest one above it.
  const listed = useQuery({ queryKey: listKey, queryFn: () => api.call((client) => client.call(listLocationRules, { path: { businessId: path.businessId } })) });
  const [said, setSaid] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const save = useMutation({
    mutationFn: (body: LocationRulesInputModel) => api.call((client) => client.call(saveLocationRules, { path, body })),
    onSuccess: (saved: LocationRulesModel) => {
      queryClient.setQueryData(key, saved);
      void queryClient.invalidateQueries({ queryKey: listKey, exact: true });
      setSaid({ tone: 'success', text: t('attest.location.saved', { name }) });
      void runtime.refresh();
    },
    onError: (caught: unknown) => setSaid({ tone: 'error', text: sayFailure(caught) }),
  });
  const data = stored.data;
  const change = (next: Partial<LocationRulesInputModel>) => {
    if (!data || save.isPending) return;
    setSaid(null);
    save.mutate({ breakRules: data.breakRules, attestations: data.attestations, ...next });
  };
  const profile = data?.breakRules?.profile ?? BUSINESS;
  // The "meal break missed" trigger reads the profile at the location (its own, the nearest above it,
  // else the business's: the same cached query as its card), as the kiosks do.
  const businessBreakRules = useBreakRulesSetting();
  const others = (listed.data ?? []).filter((o) => o.locationId !== locationId);
  const breakRules = businessBreakRules.data && data ? rulesAt({ breakRules: businessBreakRules.data }, [...others, data], locationId, parents).breakRules : undefined;

  return (
    <>
      {said ? <Notice tone={said.tone}>{said.text}</Notice> : null}
      {stored.error ? <Notice tone="error">{sayFailure(stored.error)}</Notice> : null}
      {data ? (
        <>
          <ChoiceGroup
            legend={t('attest.location.breakRules')}
            name={`location-break-rules-${locationId}`}
            choices={[{ value: BUSINESS, label: t('attest.location.asBusiness') }, ...BREAK_RULE_PROFILES.map((p) => ({ value: p, label: t(`manager.breakRules.${p}`) }))]}
            selected={[profile]}
            onChange={([chosen]) => {
              const id = BREAK_RULE_PROFILES.find((p) => p === chosen);
              change({ breakRules: id ? { profile: id, blockShortRest: data.breakRules?.blockShortRest ?? false, minimumRestMinutes: data.breakRules?.minimumRestMinutes ?? null } : null });
            }}
          />
          {data.breakRules ? (
            <MinimumRestField
              id={`location-minimum-rest-${locationId}`}
              settings={data.breakRules}
              disabled={save.isPending}
              onChange={(minimumRestMinutes) => change({ breakRules: data.breakRules && { ...data.breakRules, minimumRestMinutes } })}
            />
          ) : null}
          <ChoiceGroup
            legend={t('attest.location.questions')}
            name={`location-questions-${locationId}`}
            choices={[
              { value: BUSINESS, label: t('attest.location.asBusiness') },
              { value: 'Own', label: t('attest.location.own') },
            ]}
            selected={[data.attestations ? 'Own' : BUSINESS]}
            onChange={([chosen]) => change({ attestations: chosen === 'Own' ? (data.attestations ?? { rules: [] }) : null })}
          />
          {data.attestations
            ? questionChoices(data.attestations).map((choice) => (
                <QuestionChoices
                  key={choice.question}
                  choice={choice}
                  profile={breakRules}
                  saving={save.isPending}
                  onChange={(next) => change({ attestations: withQuestion(data.attestations ?? { rules: [] }, next) })}
                />
              ))
            : null}
        </>
      ) : null}
    </>
  );
}

export function LocationRulesCard() {
  const { t } = useI18n();
  const { locations } = useRosterPickLists();
  const [chosen, setChosen] = useState<number | null>(null);
  const locationId = chosen ?? locations[0]?.id ?? null;
  const location = locations.find((l) => l.id === locationId);
  const parents = locations.map((l) => ({ locationId: l.id, parentId: l.parentId ?? null }));
  return (
    <Card labelledBy="location-rules-title">
      <h2 id="location-rules-title" className={styles.cardTitle}>
        {t('attest.location.title')}
      </h2>
      <p className={styles.lead}>{t('attest.location.lead')}</p>
      {locations.length === 0 ? (
        <p className={styles.empty}>{t('attest.location.none')}</p>
      ) : (
        <div className={styles.field}>
          <label className={styles.label} htmlFor="location-rules-location">
            {t('attest.location.location')}
          </label>
          <select id="location-rules-location" className={styles.select} value={locationId ?? ''} onChange={(event) => setChosen(Number(event.target.value))}>
            {locations.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {location && locationId !== null ? <Overrides key={locationId} locationId={locationId} name={location.name ?? ''} parents={parents} /> : null}
    </Card>
  );
}
