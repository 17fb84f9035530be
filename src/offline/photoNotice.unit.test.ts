/** Who reads the photo notice before a photo: not the exempt, not anyone acknowledged here or anywhere the tablet heard of. */
import { describe, expect, it } from 'vitest';
import { mustReadPhotoNotice } from './photoNotice';

const policy = { photoExemptEmployeeIds: [3], photoNoticeAcknowledgedEmployeeIds: [2] };

describe('mustReadPhotoNotice', () => {
  it('asks someone not acknowledged and not exempt', () => {
    expect(mustReadPhotoNotice(policy, [], 1)).toBe(true);
  });
  it('does not ask someone the service says acknowledged, nor someone acknowledged on this tablet', () => {
    expect(mustReadPhotoNotice(policy, [], 2)).toBe(false);
    expect(mustReadPhotoNotice(policy, [1], 1)).toBe(false);
  });
  it('never asks an exempt person', () => {
    expect(mustReadPhotoNotice(policy, [], 3)).toBe(false);
  });
  it('asks when the tablet has no policy yet, unless acknowledged here', () => {
    expect(mustReadPhotoNotice(null, [], 3)).toBe(true);
    expect(mustReadPhotoNotice(undefined, [3], 3)).toBe(false);
  });
});
