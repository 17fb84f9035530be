/**
 * The signed-in manager's console: the kiosk's name and who is signed in, "Exit manager mode", and
 * one tab per task (on site, roster, timesheets, staff, badges, fixing shifts, notes, kiosk settings, this device).
 */
import { useState, type ReactNode } from 'react';
import type { MessageKey } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/I18nProvider';
import { SyncIndicator } from '../kiosk/SyncIndicator';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useKioskSettings } from '../../runtime/useKioskSettings';
import { Button } from '../../ui/Button';
import { BadgeIcon, CalendarIcon, ClockFixIcon, GearIcon, LogoutIcon, NoteIcon, SheetIcon, TabletIcon, UserPlusIcon, UsersIcon } from '../../ui/icons';
import { Page } from '../../ui/Page';
import { TabPanel, Tabs, type TabItem } from '../../ui/Tabs';
import { BadgesSection } from './BadgesSection';
import { DeviceSection } from './DeviceSection';
import { FixShiftsSection } from './FixShiftsSection';
import { KioskSettingsSection } from './KioskSettingsSection';
import { ManagerPinPrompt } from './ManagerPinCard';
import styles from './ManagerConsole.module.css';
import { NotesSection } from './NotesSection';
import { OnSiteSection } from './OnSiteSection';
import { RosterSection } from './RosterSection';
import { StaffSection } from './StaffSection';
import { TimesheetsSection } from './TimesheetsSection';

export type ManagerTab = 'onSite' | 'roster' | 'timesheets' | 'staff' | 'badges' | 'fix' | 'notes' | 'settings' | 'device';

const TABS: ReadonlyArray<{ id: ManagerTab; label: MessageKey; icon: () => ReactNode }> = [
  { id: 'onSite', label: 'manager.tab.onSite', icon: UsersIcon },
  { id: 'roster', label: 'manager.tab.roster', icon: CalendarIcon },
  { id: 'timesheets', label: 'manager.tab.timesheets', icon: SheetIcon },
  { id: 'staff', label: 'manager.tab.staff', icon: UserPlusIcon },
  { id: 'badges', label: 'badges.tab', icon: BadgeIcon },
  { id: 'fix', label: 'manager.tab.fix', icon: ClockFixIcon },
  { id: 'notes', label: 'manager.tab.notes', icon: NoteIcon },
  { id: 'settings', label: 'manager.tab.settings', icon: GearIcon },
  { id: 'device', label: 'manager.tab.device', icon: TabletIcon },
];

export function ManagerConsole({ email, endsAt, onExit }: { email: string; endsAt: number | null; onExit: () => void }) {
  const { t, format } = useI18n();
  const runtime = useRuntime();
  const settings = useKioskSettings(runtime.db);
  const [tab, setTab] = useState<ManagerTab>('onSite');
  const items: TabItem<ManagerTab>[] = TABS.map(({ id, label, icon: Icon }) => ({ id, label: t(label), icon: <Icon /> }));

  return (
    <Page
      title={t('manager.bar', { kiosk: settings?.name ?? runtime.enrolment.kioskName })}
      tools={
        <div className={styles.tools}>
          <SyncIndicator />
          <span className={styles.who}>
            {t('manager.signedInAs', { email })}
            {endsAt !== null ? ` · ${t('managerPin.sessionEnds', { time: format.time(new Date(endsAt)) })}` : ''}
          </span>
          <Button variant="onDark" icon={<LogoutIcon />} onClick={onExit}>
            {t('manager.exit')}
          </Button>
        </div>
      }
    >
      <Tabs label={t('manager.tabs')} idPrefix="manager" items={items} selected={tab} onSelect={setTab} />
      {tab === 'onSite' ? <ManagerPinPrompt /> : null}
      <TabPanel idPrefix="manager" selected={tab}>
        {tab === 'onSite' ? <OnSiteSection /> : null}
        {tab === 'roster' ? <RosterSection /> : null}
        {tab === 'timesheets' ? <TimesheetsSection /> : null}
        {tab === 'staff' ? <StaffSection onOpenSettings={() => setTab('settings')} /> : null}
        {tab === 'badges' ? <BadgesSection /> : null}
        {tab === 'fix' ? <FixShiftsSection /> : null}
        {tab === 'notes' ? <NotesSection /> : null}
        {tab === 'settings' ? <KioskSettingsSection /> : null}
        {tab === 'device' ? <DeviceSection /> : null}
      </TabPanel>
    </Page>
  );
}
