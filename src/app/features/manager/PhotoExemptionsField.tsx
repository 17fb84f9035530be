/**
 * Who is exempt from punch photos, in the Settings photo card: the exempt people this kiosk lists,
 * and anyone found by a search, each with a switch "No photos for this person"; what that does is
 * said once above the list. An exemption is
 * a business fact about a person (it holds at every kiosk), so it sits with the business's photo
 * policy; the tablet's policy is refreshed after a change so the kiosk stops opening the camera
 * for them at once.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { listPhotoExemptions, setPhotoExemption } from '../../../contract/routes/photos';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { Field } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { Switch } from './controls';
import styles from './Manager.module.css';
import { MANAGER_KEY, useLiveStaff, useManagerApi, useSayFailure } from './ManagerContext';
import { SearchedPersonRow } from './SearchedPersonRow';
import { staffMatching } from './staffPeople';

export function PhotoExemptionsField() {
  const { t, locale } = useI18n();
  const runtime = useRuntime();
  const api = useManagerApi();
  const queryClient = useQueryClient();
  const sayFailure = useSayFailure();
  const businessId = runtime.kiosk.businessId;
  const key = [MANAGER_KEY, businessId, 'photoExemptions'] as const;
  const exempt = useQuery({ queryKey: key, queryFn: () => api.call((client) => client.call(listPhotoExemptions, { path: { businessId } })) });
  const staff = useLiveStaff();
  const [query, setQuery] = useState('');
  const [said, setSaid] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const change = useMutation({
    mutationFn: (input: { employeeId: number; exempt: boolean; name: string }) =>
      api.call((client) => client.call(setPhotoExemption, { path: { businessId, employeeId: input.employeeId }, body: { exempt: input.exempt } })),
    onSuccess: async (saved, input) => {
      queryClient.setQueryData<number[]>(key, (ids = []) => (saved.exempt ? [...new Set([...ids, saved.employeeId])] : ids.filter((id) => id !== saved.employeeId)));
      setSaid({ tone: 'success', text: t(saved.exempt ? 'manager.photos.exempt.on' : 'manager.photos.exempt.off', { name: input.name }) });
      // The tablet's policy lists the exempt: refreshed now, not at the next minute.
      await runtime.refresh();
    },
    onError: (caught: unknown) => setSaid({ tone: 'error', text: sayFailure(caught) }),
  });

  const ids = new Set(exempt.data ?? []);
  const people = staffMatching(staff.data ?? [], query)
    // Without a search, only the exempt (a long staff list would bury them); a search finds anyone.
    .filter((person) => query.trim() || ids.has(person.employeeId))
    // The exempt first, then by name: who has no photos is what a manager checks most.
    .sort((a, b) => Number(ids.has(b.employeeId)) - Number(ids.has(a.employeeId)) || a.name.localeCompare(b.name, locale));
  const failure = exempt.error ?? staff.error;

  return (
    <section className={styles.fieldset} aria-labelledby="photo-exempt-title">
      <h3 id="photo-exempt-title" className={styles.legend}>
        {t('manager.photos.exempt.title')}
      </h3>
      <p className={styles.hint}>{t('manager.photos.exempt.effect')}</p>
      <Field label={t('manager.staff.search')} hint={t('manager.photos.exempt.find')} type="search" value={query} onChange={(event) => setQuery(event.target.value)} autoComplete="off" spellCheck={false} />
      {failure ? <Notice tone="error">{sayFailure(failure)}</Notice> : null}
      {said ? <Notice tone={said.tone}>{said.text}</Notice> : null}
      {exempt.data && staff.data ? (
        people.length === 0 ? (
          <p className={styles.empty}>{t(query.trim() ? 'manager.staff.noMatch' : 'manager.photos.exempt.none')}</p>
        ) : (
          <ul className={styles.list} aria-labelledby="photo-exempt-title">
            {people.map((person) => {
              const on = change.isPending && change.variables.employeeId === person.employeeId ? change.variables.exempt : ids.has(person.employeeId);
              return (
                <SearchedPersonRow key={person.employeeId} person={person} testId="photo-exempt-row">
                  <Switch
                      compact
                      checked={on}
                      disabled={change.isPending}
                      label={t('manager.photos.exempt.switch')}
                      ariaLabel={t('manager.photos.exempt.switchFor', { name: person.name })}
                    onChange={(next) => {
                      setSaid(null);
                      change.mutate({ employeeId: person.employeeId, exempt: next, name: person.name });
                    }}
                  />
                </SearchedPersonRow>
              );
            })}
          </ul>
        )
      ) : failure ? null : (
        <p className={styles.empty}>{t('common.loading')}</p>
      )}
    </section>
  );
}
