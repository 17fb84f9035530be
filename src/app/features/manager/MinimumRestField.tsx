/**
 * The minimum rest between shifts a business (or a location, through its override) keeps instead
 * of its profile's: a list of whole half hours from 1 to 24 hours, headed by "as the rules say"
 * with the profile's own minimum named, so a manager sees what they are replacing. A list rather
 * than a free number field: every choice is a value the service accepts, and it works by touch.
 */
import { BREAK_RULE_PROFILE, MINIMUM_REST_BOUNDS, type BreakRuleSettings } from '../../../domain/breakRules';
import { useI18n } from '../../i18n/I18nProvider';
import { SelectField } from './controls';

const PROFILE = 'profile';
const MINUTE_MS = 60_000;

/** Every value the setting accepts, shortest first. */
const CHOICES: readonly number[] = Array.from(
  { length: (MINIMUM_REST_BOUNDS.maxMinutes - MINIMUM_REST_BOUNDS.minMinutes) / MINIMUM_REST_BOUNDS.stepMinutes + 1 },
  (_, i) => MINIMUM_REST_BOUNDS.minMinutes + i * MINIMUM_REST_BOUNDS.stepMinutes,
);

export function MinimumRestField({ id, settings, disabled, onChange }: { id: string; settings: BreakRuleSettings; disabled: boolean; onChange: (minimumRestMinutes: number | null) => void }) {
  const { t, format } = useI18n();
  const own = settings.minimumRestMinutes ?? null;
  const profileMinutes = BREAK_RULE_PROFILE[settings.profile].minimumRestMinutes;
  // A stored value off the list (saved some other way before the bounds tightened) still shows as itself.
  const choices = own === null || CHOICES.includes(own) ? CHOICES : [...CHOICES, own].sort((a, b) => a - b);
  return (
    <SelectField
      id={id}
      label={t('manager.breakRules.minimumRest')}
      hint={t('manager.breakRules.minimumRest.hint')}
      value={own === null ? PROFILE : String(own)}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value === PROFILE ? null : Number(event.target.value))}
    >
      <option value={PROFILE}>
        {profileMinutes === null ? t('manager.breakRules.minimumRest.profileNone') : t('manager.breakRules.minimumRest.profile', { duration: format.duration(profileMinutes * MINUTE_MS) })}
      </option>
      {choices.map((minutes) => (
        <option key={minutes} value={minutes}>
          {format.duration(minutes * MINUTE_MS)}
        </option>
      ))}
    </SelectField>
  );
}
