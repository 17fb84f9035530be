/**
 * The short confirmation a punch gives besides the screen: a two-note chime made in code with Web
 * Audio (no sound file to download or cache) and a short vibration where the tablet has one.
 * Both are best effort: a browser that refuses audio before a touch, or has no vibrator, stays
 * silent, and nothing waits on them.
 */

export const CHIME_NOTES_HZ = [880, 1320] as const;
export const CHIME_NOTE_S = 0.09;
export const VIBRATE_MS = 60;
const PEAK_GAIN = 0.18;

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return null;
  context ??= new window.AudioContext();
  return context;
}

/** Plays the success chime (about 0.2 s). */
export function playChime(): void {
  try {
    const ctx = audio();
    if (!ctx) return;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const start = ctx.currentTime + 0.01;
    CHIME_NOTES_HZ.forEach((hz, i) => {
      const at = start + i * CHIME_NOTE_S;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.value = hz;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(PEAK_GAIN, at + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + CHIME_NOTE_S);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + CHIME_NOTE_S + 0.02);
    });
  } catch {
    // No sound is better than a failed punch screen.
  }
}

/** The chime and a short vibration, unless the kiosk turned sounds off. */
export function confirmPunch(options: { sounds: boolean }): void {
  if (!options.sounds) return;
  playChime();
  try {
    if (typeof navigator.vibrate === 'function') navigator.vibrate(VIBRATE_MS);
  } catch {
    // Some browsers throw when vibration is blocked; ignore.
  }
}
