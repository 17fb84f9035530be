/** The installer's set-up flow (placeholder until it lands). */
import type { KioskDb } from '../../../offline/db';
import { useI18n } from '../../i18n/I18nProvider';

export function SetupFlow({ db }: { db: KioskDb }) {
  const { t } = useI18n();
  void db;
  return (
    <main>
      <h1>{t('setup.title')}</h1>
    </main>
  );
}
