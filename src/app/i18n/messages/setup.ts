/** The installer's set-up flow. */
import { defineMessages } from '../define';

export const setup = defineMessages({
  en: {
    'setup.title': 'Set up this kiosk',
  },
  es: {
    'setup.title': 'Configurar este quiosco',
  },
});
