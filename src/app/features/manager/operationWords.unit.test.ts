import { describe, expect, it } from 'vitest';
import { OUTBOX_OPERATIONS } from '../../../offline/records';
import { LOCALES } from '../../i18n/catalogue';
import { health } from '../../i18n/messages/health';
import { OPERATION_KEYS } from './operationWords';

describe('words for queued entries', () => {
  it('names every kind of queued entry, each differently, in every language', () => {
    for (const locale of LOCALES) {
      const words = OUTBOX_OPERATIONS.map((op) => health[locale][OPERATION_KEYS[op] as keyof (typeof health)['en']]);
      for (const word of words) expect(typeof word === 'string' && word.trim().length > 0).toBe(true);
      expect(new Set(words).size).toBe(OUTBOX_OPERATIONS.length);
    }
  });
});
