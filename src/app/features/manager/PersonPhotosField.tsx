/**
 * One person's photos, in the Settings photo card: found by a search, downloaded as one ZIP file
 * (for someone asking what is kept about them) or erased now, after a confirmation that says the
 * punches stay. The archive is made in the page's memory and handed to the browser's download;
 * nothing of it is kept on the tablet. The service decides who may do either (managers with full
 * access): anyone else is told so by its answer.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { PAGE_LIMITS } from '../../../contract/paging';
import { eraseEmployeePhotos, exportEmployeePhotos } from '../../../contract/routes/photos';
import { registerMessages } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/I18nProvider';
import { personPhotos } from '../../i18n/messages/personPhotos';
import { useRuntime } from '../../runtime/RuntimeContext';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Field } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { saveFile } from '../../ui/saveFile';
import styles from './Manager.module.css';
import { useLiveStaff, useManagerApi, useSayFailure } from './ManagerContext';
import { photosZip } from './personPhotosZip';
import { SearchedPersonRow } from './SearchedPersonRow';
import { staffMatching } from './staffPeople';

registerMessages(personPhotos);

/** A search lists at most this many people: a name narrows it further. */
const MAX_SHOWN = 8;

interface Person {
  employeeId: number;
  name: string;
}

export function PersonPhotosField() {
  const { t, locale } = useI18n();
  const runtime = useRuntime();
  const api = useManagerApi();
  const sayFailure = useSayFailure();
  const businessId = runtime.kiosk.businessId;
  const staff = useLiveStaff();
  const [query, setQuery] = useState('');
  const [erasing, setErasing] = useState<Person | null>(null);
  const [said, setSaid] = useState<{ tone: 'success' | 'error' | 'info'; text: string } | null>(null);

  const download = useMutation({
    mutationFn: async (person: Person) => {
      setSaid({ tone: 'info', text: t('manager.photos.person.preparing', { name: person.name }) });
      const pageSize = PAGE_LIMITS.photos.maxTop;
      return photosZip(
        (skip) =>
          api.call((client) =>
            client.call(exportEmployeePhotos, { path: { businessId, employeeId: person.employeeId }, query: { $top: String(pageSize), $skip: String(skip) } }),
          ),
        pageSize,
      );
    },
    onSuccess: (made, person) => {
      if (!made) return setSaid({ tone: 'info', text: t('manager.photos.person.none', { name: person.name }) });
      saveFile(made.zip, `photos-${person.employeeId}.zip`);
      setSaid({ tone: 'success', text: t('manager.photos.person.downloaded', { count: made.count, name: person.name }) });
    },
    onError: (caught: unknown) => setSaid({ tone: 'error', text: sayFailure(caught) }),
  });

  const erase = useMutation({
    mutationFn: (person: Person) => api.call((client) => client.call(eraseEmployeePhotos, { path: { businessId, employeeId: person.employeeId } })),
    onSuccess: (erased, person) => {
      setErasing(null);
      setSaid({
        tone: 'success',
        text: erased.photosDeleted > 0 ? t('manager.photos.person.erased', { count: erased.photosDeleted, name: person.name }) : t('manager.photos.person.erasedNone', { name: person.name }),
      });
    },
    onError: (caught: unknown) => {
      setErasing(null);
      setSaid({ tone: 'error', text: sayFailure(caught) });
    },
  });

  // Nobody until a search: the card is not a second staff list.
  const people: Person[] = query.trim()
    ? staffMatching(staff.data ?? [], query)
        .sort((a, b) => a.name.localeCompare(b.name, locale))
        .slice(0, MAX_SHOWN)
    : [];
  const busy = download.isPending || erase.isPending;

  return (
    <section className={styles.fieldset} aria-labelledby="person-photos-title">
      <h3 id="person-photos-title" className={styles.legend}>
        {t('manager.photos.person.title')}
      </h3>
      <p className={styles.hint}>{t('manager.photos.person.effect')}</p>
      <Field label={t('manager.photos.person.search')} hint={t('manager.photos.person.find')} type="search" value={query} onChange={(event) => setQuery(event.target.value)} autoComplete="off" spellCheck={false} />
      {staff.error ? <Notice tone="error">{sayFailure(staff.error)}</Notice> : null}
      {said ? <Notice tone={said.tone}>{said.text}</Notice> : null}
      {query.trim() && staff.data && people.length === 0 ? <p className={styles.empty}>{t('manager.staff.noMatch')}</p> : null}
      {people.length > 0 ? (
        <ul className={styles.list} aria-labelledby="person-photos-title">
          {people.map((person) => (
            <SearchedPersonRow key={person.employeeId} person={person} testId="person-photos-row">
              <Button variant="secondary" disabled={busy} aria-label={t('manager.photos.person.downloadFor', { name: person.name })} onClick={() => download.mutate(person)}>
                  {t('manager.photos.person.download')}
                </Button>
              <Button variant="danger" disabled={busy} aria-label={t('manager.photos.person.eraseFor', { name: person.name })} onClick={() => setErasing(person)}>
                {t('manager.photos.person.erase')}
              </Button>
            </SearchedPersonRow>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={erasing !== null}
        title={t('manager.photos.person.eraseTitle', { name: erasing?.name ?? '' })}
        confirmLabel={t('manager.photos.person.erase')}
        cancelLabel={t('common.cancel')}
        tone="danger"
        busy={erase.isPending}
        onConfirm={() => {
          if (erasing) erase.mutate(erasing);
        }}
        onCancel={() => setErasing(null)}
      >
        <p>{t('manager.photos.person.eraseEffect')}</p>
      </ConfirmDialog>
    </section>
  );
}
