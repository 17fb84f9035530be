/** Shift-note rules shared by the service and the kiosk. */
export const MAX_NOTE_LENGTH = 2000;

/** Why a note cannot be stored, or null when it is fine. */
export function noteProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return 'A note cannot be empty.';
  if (trimmed.length > MAX_NOTE_LENGTH) return `A note has at most ${MAX_NOTE_LENGTH} characters.`;
  return null;
}
