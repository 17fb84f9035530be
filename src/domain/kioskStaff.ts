/**
 * Who a kiosk lists and accepts (issue 13, part 1). The vendor lists an employee on a Clock Me In
 * kiosk only when the kiosk's location is among the employee's locations (issue 13, read from the
 * vendor's "Set up Clock Me In" and kiosk management articles: a kiosk is set up at a location).
 * Where the contract is silent (README, "Decisions where the contract is silent"): a kiosk without
 * a location lists every kiosk-enabled employee, and an employee without locations is listed on
 * every kiosk (no assignment means no restriction, as the employee's location pick-list already
 * reads it: clockOnChoices.offeredLocations).
 */

/** True when an employee with these locations appears on (and may punch at) a kiosk at `kioskLocationId`. */
export function isListedAtKiosk(kioskLocationId: number | null, employeeLocationIds: readonly number[]): boolean {
  return kioskLocationId === null || employeeLocationIds.length === 0 || employeeLocationIds.includes(kioskLocationId);
}
