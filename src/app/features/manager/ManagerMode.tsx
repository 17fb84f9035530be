/** Manager mode (placeholder until it lands). */
import { useI18n } from '../../i18n/I18nProvider';
import { useUiStore } from '../../state/uiStore';

export function ManagerMode() {
  const { t } = useI18n();
  const close = useUiStore((s) => s.closeManager);
  return (
    <main>
      <h1>{t('manager.title')}</h1>
      <button type="button" onClick={close}>
        {t('common.close')}
      </button>
    </main>
  );
}
