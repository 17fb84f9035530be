/**
 * Reading QR codes from the camera's picture: the browser's own BarcodeDetector where it has one
 * that reads QR codes, else the `barcode-detector` ponyfill over ZXing's WebAssembly. The wasm is
 * one of this app's own built files (served and precached with the rest), never fetched from the
 * CDN zxing-wasm would use by default: the kiosk must scan offline, and may reach nothing but its
 * service. Loaded only when the scan step opens (about 1 MB of wasm), never with the first screen.
 */
import { BarcodeDetector as ZXingBarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import zxingReaderWasm from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** What the scan step needs of a detector: the texts of the QR codes in the picture now. */
export interface QrReader {
  read(source: HTMLVideoElement): Promise<string[]>;
  /** 'native' or 'zxing', for the record and the tests. */
  readonly kind: 'native' | 'zxing';
}

interface DetectorLike {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
interface DetectorClass {
  new (options: { formats: string[] }): DetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

function nativeDetector(): DetectorClass | null {
  const candidate = (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector;
  return typeof candidate === 'function' ? (candidate as DetectorClass) : null;
}

const wrap = (detector: DetectorLike, kind: QrReader['kind']): QrReader => ({
  kind,
  read: async (source) => (await detector.detect(source)).map((code) => code.rawValue),
});

/** A QR reader, or a rejection when neither the browser nor the wasm can read (the step then offers the PIN). */
export async function createQrReader(): Promise<QrReader> {
  const native = nativeDetector();
  if (native && (await native.getSupportedFormats().catch((): string[] => [])).includes('qr_code')) return wrap(new native({ formats: ['qr_code'] }), 'native');
  const wasmUrl = new URL(zxingReaderWasm, globalThis.location?.href).href;
  // Instantiated now, so a wasm that cannot load is a refusal here rather than a silent scan.
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return wrap(new ZXingBarcodeDetector({ formats: ['qr_code'] }), 'zxing');
}
