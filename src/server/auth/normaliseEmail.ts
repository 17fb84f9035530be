/**
 * The one spelling of an e-mail address the service keeps and compares (users, lockouts, rate
 * limits): below both the services and the HTTP layer, so each may use it.
 */

/** An e-mail address as stored and compared: trimmed, lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
