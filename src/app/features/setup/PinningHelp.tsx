/**
 * The install step's "keep the tablet on this app" help: the steps of Android's screen pinning and
 * iPad's Guided Access, written out (an installer at a wall-mounted tablet cannot follow a link),
 * the one for this device first. Either stops staff leaving the app until the device's own PIN
 * or passcode is entered.
 */
import type { MessageKey } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/I18nProvider';
import type { InstallPlatform } from './installHelp';
import styles from './Setup.module.css';

const ANDROID: readonly MessageKey[] = ['setup.pin.android1', 'setup.pin.android2', 'setup.pin.android3', 'setup.pin.android4', 'setup.pin.android5'];
const IPAD: readonly MessageKey[] = ['setup.pin.ipad1', 'setup.pin.ipad2', 'setup.pin.ipad3', 'setup.pin.ipad4', 'setup.pin.ipad5'];

const GUIDES = [
  { id: 'android', title: 'setup.pin.androidTitle', steps: ANDROID },
  { id: 'ipad', title: 'setup.pin.ipadTitle', steps: IPAD },
] as const satisfies ReadonlyArray<{ id: string; title: MessageKey; steps: readonly MessageKey[] }>;

export function PinningHelp({ platform }: { platform: InstallPlatform }) {
  const { t } = useI18n();
  const guides = platform === 'ios' ? [...GUIDES].reverse() : GUIDES;
  return (
    <section className={styles.section} aria-labelledby="install-pin-title">
      <h2 id="install-pin-title" className={styles.sectionTitle}>
        {t('setup.pin.title')}
      </h2>
      <p>{t('setup.pin.why')}</p>
      <div className={styles.guides}>
        {guides.map((guide) => (
          <section key={guide.id} className={styles.guide} aria-labelledby={`install-pin-${guide.id}`}>
            <h3 id={`install-pin-${guide.id}`} className={styles.guideTitle}>
              {t(guide.title)}
            </h3>
            <ol className={styles.instructions}>
              {guide.steps.map((key) => (
                <li key={key}>{t(key)}</li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </section>
  );
}
