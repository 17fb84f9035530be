/**
 * The photo archive holds exactly the images the service answered, byte for byte, across pages,
 * with an index naming each file's punch; a person with no photos gets no file at all.
 */
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { EmployeePhotoModel } from '../../../contract/supporting/photos';
import { photoFileName, photosZip } from './personPhotosZip';

function photo(punchId: number, bytes: number[]): EmployeePhotoModel {
  return {
    punchId,
    punchKind: punchId % 2 === 0 ? 'clockOn' : 'clockOff',
    kioskId: 7,
    timeOfRecordUtc: `2026-11-2${punchId % 10}T09:05:00.123Z`,
    storedUtc: '2026-11-28T10:00:00Z',
    contentType: 'image/jpeg',
    image: Buffer.from(bytes).toString('base64'),
  };
}

describe('one person’s photos as a ZIP', () => {
  it('holds every page’s images byte for byte, and an index of their punches', async () => {
    const all = [photo(2, [0xff, 0xd8, 0xff, 1]), photo(3, [0xff, 0xd8, 0xff, 2, 3]), photo(4, [0xff, 0xd8, 0xff, 4])];
    const asked: number[] = [];
    const made = await photosZip((skip) => {
      asked.push(skip);
      return Promise.resolve(all.slice(skip, skip + 2));
    }, 2);
    expect(asked, 'read page by page until a short one').toEqual([0, 2]);
    expect(made?.count).toBe(3);
    const files = unzipSync(new Uint8Array(await made!.zip.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([...all.map(photoFileName), 'photos.csv'].sort());
    for (const p of all) expect(Buffer.from(files[photoFileName(p)]!).toString('base64')).toBe(p.image);
    const index = strFromU8(files['photos.csv']!).trim().split('\r\n');
    expect(index[0]).toBe('file,punchId,punchKind,timeOfRecordUtc,kioskId,storedUtc');
    expect(index.slice(1)).toEqual(all.map((p) => `${photoFileName(p)},${p.punchId},${p.punchKind},${p.timeOfRecordUtc},7,${p.storedUtc}`));
  });

  it('names files by time, punch and type, sortable and safe on any disk', () => {
    expect(photoFileName({ punchId: 412, punchKind: 'clockOn', timeOfRecordUtc: '2026-11-28T09:05:00.5Z', contentType: 'image/webp' })).toBe('2026-11-28T09-05-00Z-clockOn-412.webp');
  });

  it('makes no file for someone with no photos', async () => {
    expect(await photosZip(() => Promise.resolve([]), 20)).toBeNull();
  });
});
