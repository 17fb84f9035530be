/**
 * One person's punch photos as a ZIP file, for a person who asks what is held about them (or a
 * manager who must hand it over): every photo the service keeps, as the image files they are, and
 * photos.csv saying which punch each belongs to. Pages are read one at a time and written straight
 * into the archive (stored, not compressed: the images are JPEG already), so a long retention does
 * not hold every image twice in the tablet's memory. fflate is loaded only when a manager asks.
 */
import type { EmployeePhotoModel } from '../../../contract/supporting/photos';
import { base64ToBytes } from '../../../offline/base64';

/** At most this many photos in one file (a year of four punches a day is about 1,500). */
export const MAX_PHOTOS_IN_ZIP = 20_000;

const EXTENSION: Record<EmployeePhotoModel['contentType'], string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** A file name that sorts by time and says which punch it was, e.g. 2026-11-28T09-05-00Z-clockOn-412.jpg. */
export function photoFileName(photo: Pick<EmployeePhotoModel, 'punchId' | 'punchKind' | 'timeOfRecordUtc' | 'contentType'>): string {
  const when = photo.timeOfRecordUtc.replace(/\.\d+/, '').replace(/:/g, '-');
  return `${when}-${photo.punchKind}-${photo.punchId}.${EXTENSION[photo.contentType]}`;
}

export interface PhotosZip {
  zip: Blob;
  count: number;
}

/**
 * Reads every page (`readPage(skip)` answers up to `pageSize` photos, oldest first) into one ZIP.
 * Answers null when the person has no photos kept.
 */
export async function photosZip(readPage: (skip: number) => Promise<readonly EmployeePhotoModel[]>, pageSize: number): Promise<PhotosZip | null> {
  const { Zip, ZipPassThrough, strToU8 } = await import('fflate');
  const parts: Uint8Array[] = [];
  const failures: Error[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) failures.push(error);
    else parts.push(chunk);
  });
  const add = (name: string, bytes: Uint8Array) => {
    const file = new ZipPassThrough(name);
    zip.add(file);
    file.push(bytes, true);
  };
  const index = ['file,punchId,punchKind,timeOfRecordUtc,kioskId,storedUtc'];
  for (let skip = 0; skip < MAX_PHOTOS_IN_ZIP; skip += pageSize) {
    const page = await readPage(skip);
    for (const photo of page) {
      const name = photoFileName(photo);
      add(name, base64ToBytes(photo.image));
      index.push([name, photo.punchId, photo.punchKind, photo.timeOfRecordUtc, photo.kioskId ?? '', photo.storedUtc].join(','));
    }
    if (page.length < pageSize) break;
  }
  if (index.length === 1) return null;
  add('photos.csv', strToU8(`${index.join('\r\n')}\r\n`));
  zip.end();
  if (failures[0]) throw failures[0];
  return { zip: new Blob(parts as BlobPart[], { type: 'application/zip' }), count: index.length - 1 };
}
