/** What the kiosk says after a badge scan (the words load with the kiosk: a scan can come at any time). */
import { defineMessages } from '../define';

export const kioskBadges = defineMessages({
  en: {
    'kiosk.badge.checking': 'Checking your badge…',
    'kiosk.badge.elsewhere': 'A badge was scanned, but nothing was recorded. Go back to the names and scan it again.',
    'kiosk.badge.not-badge': 'That code is not a badge of this kiosk. Nothing was recorded.',
    'kiosk.badge.badges-off': 'This kiosk does not take badges. Tap your name and enter your PIN.',
    'kiosk.badge.unknown': 'This badge is not known here. Ask a manager for a new one, or tap your name.',
    'kiosk.badge.revoked': 'This badge no longer works. Use your newest badge, or tap your name and enter your PIN.',
    'kiosk.badge.locked': 'Too many wrong attempts for this person. Try again later, or ask a manager.',
    'kiosk.badge.device-locked': 'Too many unknown badges here. Badges work again later; tap your name meanwhile.',
    'kiosk.badge.busy': 'The kiosk is busy. Try again in a moment.',
    'kiosk.badge.offline': 'Badges need the network just now. Tap your name and enter your PIN.',
    'kiosk.badge.no-longer-here': 'This badge’s owner does not work at this kiosk. Ask a manager.',
  },
  es: {
    'kiosk.badge.checking': 'Comprobando tu tarjeta…',
    'kiosk.badge.elsewhere': 'Se ha escaneado una tarjeta, pero no se ha registrado nada. Vuelve a los nombres y escanéala otra vez.',
    'kiosk.badge.not-badge': 'Ese código no es una tarjeta de este quiosco. No se ha registrado nada.',
    'kiosk.badge.badges-off': 'Este quiosco no acepta tarjetas. Toca tu nombre y escribe tu PIN.',
    'kiosk.badge.unknown': 'Esta tarjeta no se conoce aquí. Pide una nueva a un encargado o toca tu nombre.',
    'kiosk.badge.revoked': 'Esta tarjeta ya no funciona. Usa la más reciente o toca tu nombre y escribe tu PIN.',
    'kiosk.badge.locked': 'Demasiados intentos fallidos para esta persona. Inténtalo más tarde o avisa a un encargado.',
    'kiosk.badge.device-locked': 'Demasiadas tarjetas desconocidas aquí. Las tarjetas volverán a funcionar más tarde; mientras, toca tu nombre.',
    'kiosk.badge.busy': 'El quiosco está ocupado. Inténtalo de nuevo en un momento.',
    'kiosk.badge.offline': 'Ahora mismo las tarjetas necesitan la red. Toca tu nombre y escribe tu PIN.',
    'kiosk.badge.no-longer-here': 'La persona de esta tarjeta no trabaja en este quiosco. Avisa a un encargado.',
  },
});
