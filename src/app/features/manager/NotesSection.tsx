/**
 * Notes: what staff wrote on this kiosk's shifts in the last week, unread first, with who wrote
 * it, when, and on which shift; each can be marked read.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { MessageKey } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { CheckIcon, RefreshIcon } from '../../ui/icons';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import styles from './Manager.module.css';
import { managerKeys, useManagerApi, useSayFailure } from './ManagerContext';
import { loadRecentNotes, markReadBody, NOTES_DAYS, unreadCount, type NoteItem } from './notes';
import { displayName } from './onSite';
import notesStyles from './NotesSection.module.css';

const NOTE_TYPES: Record<NoteItem['note']['type'], MessageKey> = {
  ClockOn: 'manager.notes.atClockOn',
  ClockOff: 'manager.notes.atClockOff',
  Shift: 'manager.notes.onShift',
};

function NoteCard({ item }: { item: NoteItem }) {
  const { t, format } = useI18n();
  const sayFailure = useSayFailure();
  const api = useManagerApi();
  const queryClient = useQueryClient();
  const { kiosk } = useRuntime();
  const [error, setError] = useState<string | null>(null);
  const markRead = useMutation({
    mutationFn: () => {
      const body = markReadBody(item);
      return api.fix('notes.markRead', { ref: item.shift.ref, body }, (client, options) => client.notes.markRead(item.shift.ref, body, options));
    },
    onSuccess: () => {
      queryClient.setQueryData<NoteItem[]>(managerKeys.notes(kiosk.kioskId), (items) =>
        items?.map((i) => (i.note.id === item.note.id ? { ...i, note: { ...i.note, read: true } } : i)),
      );
    },
    onError: (caught) => setError(sayFailure(caught)),
  });
  const author = item.note.employee ? displayName(item.note.employee) : item.shift.employeeName;
  const unread = !item.note.read;
  const titleId = `note-${item.note.id}-title`;
  const shiftTimes = item.shift.endUtc
    ? t('manager.notes.shiftSpan', { date: format.weekdayDate(item.shift.startUtc), start: format.time(item.shift.startUtc), end: format.time(item.shift.endUtc) })
    : t('manager.notes.shiftOpen', { date: format.weekdayDate(item.shift.startUtc), start: format.time(item.shift.startUtc) });

  return (
    <li className={`${notesStyles.note} ${unread ? notesStyles.unread : ''}`} data-testid="note" data-note-id={item.note.id} data-read={item.note.read}>
      <div className={notesStyles.top}>
        <Avatar name={author} photoUrl={item.note.employee?.profileImageUrl ?? null} size={48} />
        <div className={styles.rowMain}>
          <span id={titleId} className={styles.name}>
            {author}
          </span>
          <span className={styles.sub}>
            {format.dateTime(item.note.date)} · {t(NOTE_TYPES[item.note.type])}
          </span>
        </div>
        <span className={styles.chips}>
          {unread ? <span className={styles.chipInfo}>{t('manager.notes.unread')}</span> : <span className={styles.chip}>{t('manager.notes.read')}</span>}
          {item.note.visibility === 'Hidden' ? <span className={styles.chipBreak}>{t('manager.notes.managersOnly')}</span> : null}
        </span>
      </div>
      <p className={notesStyles.text}>{item.note.note}</p>
      <div className={notesStyles.bottom}>
        <span className={styles.meta}>{t('manager.notes.shiftOf', { name: item.shift.employeeName, times: shiftTimes })}</span>
        {unread ? (
          <Button variant="secondary" icon={<CheckIcon />} onClick={() => markRead.mutate()} disabled={markRead.isPending} aria-describedby={titleId}>
            {t('manager.notes.markRead')}
          </Button>
        ) : null}
      </div>
      {error ? (
        <span className={styles.error} role="alert">
          {error}
        </span>
      ) : null}
    </li>
  );
}

export function NotesSection() {
  const { t } = useI18n();
  const sayFailure = useSayFailure();
  const api = useManagerApi();
  const runtime = useRuntime();
  const now = useCallback(() => runtime.clock.now(), [runtime]);
  const notes = useQuery({
    queryKey: managerKeys.notes(runtime.kiosk.kioskId),
    queryFn: () => api.call((client) => loadRecentNotes(client, runtime.kiosk, now())),
  });
  const unread = notes.data ? unreadCount(notes.data) : 0;

  return (
    <>
      <div className={styles.head}>
        <div>
          <h1 className={styles.title}>{t('manager.notes.title')}</h1>
          <p className={styles.meta}>{t('manager.notes.lead', { days: NOTES_DAYS })}</p>
        </div>
        <div className={styles.headTools}>
          {notes.data ? <span className={unread > 0 ? styles.chipInfo : styles.chip}>{t('manager.notes.unreadCount', { count: unread })}</span> : null}
          <Button variant="secondary" icon={<RefreshIcon />} onClick={() => void notes.refetch()} disabled={notes.isFetching}>
            {t('manager.refresh')}
          </Button>
        </div>
      </div>
      {notes.error ? <Notice tone="error">{sayFailure(notes.error)}</Notice> : null}
      <Card labelledBy="notes-list">
        <h2 id="notes-list" className="visually-hidden">
          {t('manager.notes.listLabel')}
        </h2>
        {notes.isPending ? (
          <p className={styles.empty}>{t('common.loading')}</p>
        ) : !notes.data || notes.data.length === 0 ? (
          <p className={styles.empty}>{t('manager.notes.none', { days: NOTES_DAYS })}</p>
        ) : (
          <ul className={styles.list} aria-labelledby="notes-list">
            {notes.data.map((item) => (
              <NoteCard key={item.note.id} item={item} />
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
