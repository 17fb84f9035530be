/**
 * Punch photos arrive as base64 `image` bytes. Only real JPEG, PNG or WebP images within the size
 * limit are kept; anything else is a clear 400 on the `image` field.
 */
import { invalidField } from '../../errors/apiError';

export interface Photo {
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
  data: Buffer;
}

function sniff(data: Buffer): Photo['contentType'] | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (data.length >= 12 && data.toString('ascii', 0, 4) === 'RIFF' && data.toString('ascii', 8, 12) === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

/** Decodes and checks a punch photo. */
export function decodePhoto(base64: string, maxBytes: number): Photo {
  const data = Buffer.from(base64, 'base64');
  if (data.length === 0) throw invalidField('invalid-photo', 'image', 'The photo is empty.');
  if (data.length > maxBytes) {
    throw invalidField('invalid-photo', 'image', `The photo is larger than ${maxBytes} bytes.`);
  }
  const contentType = sniff(data);
  if (!contentType) throw invalidField('invalid-photo', 'image', 'The photo must be a JPEG, PNG or WebP image.');
  return { contentType, data };
}
