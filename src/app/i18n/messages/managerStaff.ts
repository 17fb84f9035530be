/** Manager mode's Staff, week roster grid, settings and export words (lockouts, kiosk access per kiosk, plain labels). */
import { defineMessages } from '../define';

export const managerStaff = defineMessages({
  en: {
    'staff.lockedUntil': 'PIN locked until {time}',
  },
  es: {
    'staff.lockedUntil': 'PIN bloqueado hasta las {time}',
  },
});
