import { describe, expect, it } from 'vitest';
import { isListedAtKiosk } from './kioskStaff';

describe('isListedAtKiosk', () => {
  it("lists an employee at a kiosk whose location is one of theirs, and only then", () => {
    expect(isListedAtKiosk(5, [3, 5])).toBe(true);
    expect(isListedAtKiosk(5, [3])).toBe(false);
  });

  it('lists everyone at a kiosk without a location, and an employee without locations everywhere', () => {
    expect(isListedAtKiosk(null, [3])).toBe(true);
    expect(isListedAtKiosk(5, [])).toBe(true);
  });
});
