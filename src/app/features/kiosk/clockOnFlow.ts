/**
 * The query key of an employee's clock-on choices (lookup data), shared by the actions step, which
 * fetches them when a clock-on is chosen, and the options step, which shows them. The rules that
 * use them are in src/domain/clockOn.ts.
 */
export const clockOnChoicesKey = (kioskId: number, employeeId: number) => ['clockOnChoices', kioskId, employeeId] as const;
