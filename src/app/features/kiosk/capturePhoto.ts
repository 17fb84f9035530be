/**
 * A still from the camera, scaled down and compressed to a small JPEG (typically 15 to 40 kB), as
 * base64 for the punch body's `image`.
 */
import { bytesToBase64 } from '../../../offline/base64';

export const PHOTO_WIDTH = 480;
export const PHOTO_QUALITY = 0.72;

export async function captureFrame(video: HTMLVideoElement): Promise<{ base64: string; dataUrl: string; bytes: number }> {
  const scale = Math.min(1, PHOTO_WIDTH / (video.videoWidth || PHOTO_WIDTH));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round((video.videoWidth || PHOTO_WIDTH) * scale);
  canvas.height = Math.round((video.videoHeight || PHOTO_WIDTH * 0.75) * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((result) => (result ? resolve(result) : reject(new Error('the photo could not be encoded'))), 'image/jpeg', PHOTO_QUALITY),
  );
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const base64 = bytesToBase64(bytes);
  return { base64, dataUrl: `data:image/jpeg;base64,${base64}`, bytes: bytes.length };
}
