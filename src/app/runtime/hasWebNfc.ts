/**
 * Whether this browser has Web NFC (`NDEFReader`: Chrome on Android). On its own, so the kiosk
 * shell can decide whether to load the NFC reader at all without carrying the reader's code.
 */
export function webNfcReaderClass(): unknown {
  const candidate = (globalThis as { NDEFReader?: unknown }).NDEFReader;
  return typeof candidate === 'function' ? candidate : null;
}

/** Whether this browser can read and write NFC tags; callers hide their NFC options when not. */
export function hasWebNfc(): boolean {
  return webNfcReaderClass() !== null;
}
