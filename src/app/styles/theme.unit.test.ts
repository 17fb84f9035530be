import { describe, expect, it } from 'vitest';
import { resolveTheme } from './useApplyTheme';

describe('the kiosk theme', () => {
  it("follows the tablet unless the kiosk's preference fixes it", () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});
