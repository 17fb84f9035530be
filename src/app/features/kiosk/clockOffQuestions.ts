/**
 * Which questions a clock-off asks (domain/attestations.ts), from what the tablet holds so it works
 * offline: the shift's location from its journal of the clock-on (offline/workHistory.ts; one that
 * named none is at the kiosk's own location), and the business's setting or the override at that
 * location (its own or inherited: domain/locationRules.ts) from its policy, each question in the
 * version of the business's own wording the policy holds, if any. One place for the actions
 * screen's clock-off and the forgotten clock-off's stated finish.
 */
import type { KioskPolicyModel } from '../../../contract/supporting/devices';
import { attestationsDue, type AskedQuestion, type FinishedShift } from '../../../domain/attestations';
import { BREAK_RULE_PROFILE } from '../../../domain/breakRules';
import { rulesAt } from '../../../domain/locationRules';
import type { KioskDb } from '../../../offline/db';
import { readKioskBreakRules } from '../../../offline/kioskBreakRules';
import { readShiftLocation } from '../../../offline/workHistory';

export async function clockOffQuestions(db: KioskDb, policy: KioskPolicyModel, employeeId: number, shift: FinishedShift): Promise<AskedQuestion[]> {
  // An unreadable journal asks under the business's rules rather than stopping the clock-off.
  const { kioskLocationId } = await readKioskBreakRules(db);
  const locationId = await readShiftLocation(db, employeeId, shift.start, kioskLocationId).catch(() => null);
  const rules = rulesAt({ breakRules: policy.breakRules, attestations: policy.attestations }, policy.locationRules, locationId, policy.locationParents);
  // Breaks begun after the end (a forgotten shift's stated finish) were not part of the shift.
  const breaks = shift.breaks.filter((b) => b.start.getTime() < shift.end.getTime());
  return attestationsDue(rules.attestations, BREAK_RULE_PROFILE[rules.breakRules.profile], { ...shift, breaks }, policy.attestationWording);
}
