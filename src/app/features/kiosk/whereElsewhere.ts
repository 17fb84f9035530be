/**
 * Where a person's open shift away from this tablet is, in words for the grid and their screens:
 * the kiosk's name when this tablet may see it, "the self-service portal" when they clocked on
 * through employee self-service, otherwise "another kiosk". One place, so the three screens agree.
 */
import type { OpenShiftElsewhere } from '../../../offline/openShiftsElsewhere';
import type { Translate } from '../../i18n/translate';

export function whereElsewhere(t: Translate, elsewhere: OpenShiftElsewhere): string {
  if (elsewhere.selfService) return t('kiosk.when.selfService');
  return elsewhere.kioskName ?? t('kiosk.when.anotherKiosk');
}
