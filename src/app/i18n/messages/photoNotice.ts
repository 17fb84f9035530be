/**
 * The photo notice's texts: the kiosk's default notice (en, es) shown before a person's first
 * photo, the manager's editor for the business's own words, and the photo exemptions there. Registered by the kiosk step that
 * shows it and by the Settings card, so the staff grid does not carry them.
 */
import { defineMessages } from '../define';

export const photoNotice = defineMessages({
  en: {
    'kiosk.photoNotice.title': 'Before your first photo',
    'kiosk.photoNotice.default': {
      one: 'This kiosk takes a photo each time you clock in or out, so a manager can check that it was really you. The photo is kept for {count} day and then deleted. Only managers can see it; the kiosk never shows it again and no face recognition is used. If you would rather not be photographed, ask a manager: you can clock in without a photo.',
      other: 'This kiosk takes a photo each time you clock in or out, so a manager can check that it was really you. The photo is kept for {count} days and then deleted. Only managers can see it; the kiosk never shows it again and no face recognition is used. If you would rather not be photographed, ask a manager: you can clock in without a photo.',
    },
    'kiosk.photoNotice.once': 'You will see this once.',
    'kiosk.photoNotice.ok': 'I understand',
    'manager.photos.notice': 'Photo notice',
    'manager.photos.notice.hint': 'Your own words, shown once to each person before their first photo (they tap “I understand”). Leave it empty to use the default below, in the kiosk’s language. Saved when you leave the field.',
    'manager.photos.notice.default': 'The default notice',
    'manager.photos.exempt.title': 'No photos for these people',
    'manager.photos.exempt.effect':
      'A person switched on here clocks in and out without a photo, at every kiosk, even where a kiosk requires one; their punches are marked as made without a photo. The kiosk never opens the camera for them and does not show them the photo notice. Photos already kept stay until their time.',
    'manager.photos.exempt.switch': 'No photos for this person',
    'manager.photos.exempt.none': 'Nobody at this kiosk is exempt from photos.',
    'manager.photos.exempt.find': 'Find someone to exempt them, or to see whether they are.',
    'manager.photos.exempt.switchFor': 'No photos for {name}',
    'manager.photos.exempt.on': 'No more photos for {name}.',
    'manager.photos.exempt.off': '{name} is photographed again where a kiosk requires it.',
  },
  es: {
    'kiosk.photoNotice.title': 'Antes de tu primera foto',
    'kiosk.photoNotice.default': {
      one: 'Este quiosco toma una foto cada vez que fichas, para que un encargado pueda comprobar que eras tú. La foto se guarda {count} día y después se borra. Solo la ven los encargados; el quiosco no vuelve a mostrarla y no se usa reconocimiento facial. Si prefieres que no te fotografíen, pídeselo a un encargado: puedes fichar sin foto.',
      other: 'Este quiosco toma una foto cada vez que fichas, para que un encargado pueda comprobar que eras tú. La foto se guarda {count} días y después se borra. Solo la ven los encargados; el quiosco no vuelve a mostrarla y no se usa reconocimiento facial. Si prefieres que no te fotografíen, pídeselo a un encargado: puedes fichar sin foto.',
    },
    'kiosk.photoNotice.once': 'Solo lo verás una vez.',
    'kiosk.photoNotice.ok': 'Entendido',
    'manager.photos.notice': 'Aviso de fotos',
    'manager.photos.notice.hint': 'Con vuestras palabras: se muestra una vez a cada persona antes de su primera foto (pulsa «Entendido»). Déjalo vacío para usar el aviso predeterminado de abajo, en el idioma del quiosco. Se guarda al salir del campo.',
    'manager.photos.notice.default': 'El aviso predeterminado',
    'manager.photos.exempt.title': 'Sin fotos para estas personas',
    'manager.photos.exempt.effect':
      'Quien tenga esto activado ficha sin foto en todos los quioscos, aunque un quiosco la pida; sus fichajes quedan marcados como hechos sin foto. El quiosco nunca abre la cámara para esa persona ni le muestra el aviso de fotos. Las fotos ya guardadas se conservan hasta que les toque borrarse.',
    'manager.photos.exempt.switch': 'Sin fotos para esta persona',
    'manager.photos.exempt.none': 'Nadie de este quiosco está exento de fotos.',
    'manager.photos.exempt.find': 'Busca a alguien para eximirle o para ver si ya lo está.',
    'manager.photos.exempt.switchFor': 'Sin fotos para {name}',
    'manager.photos.exempt.on': 'Ya no se harán fotos a {name}.',
    'manager.photos.exempt.off': 'Se vuelve a fotografiar a {name} donde el quiosco lo pida.',
  },
});
