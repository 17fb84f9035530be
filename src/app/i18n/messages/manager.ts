/** Manager mode. */
import { defineMessages } from '../define';

export const manager = defineMessages({
  en: {
    'manager.title': 'Manager',
  },
  es: {
    'manager.title': 'Encargado',
  },
});
