/**
 * A still from the camera, scaled down and compressed to a small JPEG (typically 15 to 40 kB), as
 * base64 for the punch body's `image`.
 *
 * Encoded with the synchronous `toDataURL`, not `toBlob`: Chromium runs toBlob's encoder in idle
 * time, and on a busy tablet its callback was seen not to come at all, leaving "Record my punch"
 * disabled. A 480-pixel JPEG encodes in a few milliseconds, so waiting for idle time buys nothing.
 */

export const PHOTO_WIDTH = 480;
export const PHOTO_QUALITY = 0.72;

const JPEG_PREFIX = 'data:image/jpeg;base64,';

export interface Still {
  base64: string;
  dataUrl: string;
}

export function captureFrame(video: HTMLVideoElement): Still {
  // Before its first picture a video draws nothing: a black still would pass for a photo.
  if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || !video.videoWidth) throw new Error('the camera has no picture yet');
  const scale = Math.min(1, PHOTO_WIDTH / video.videoWidth);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  const dataUrl = canvas.toDataURL('image/jpeg', PHOTO_QUALITY);
  if (!dataUrl.startsWith(JPEG_PREFIX)) throw new Error('the photo could not be encoded');
  return { base64: dataUrl.slice(JPEG_PREFIX.length), dataUrl };
}
