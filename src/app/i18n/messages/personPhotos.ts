/**
 * The words of "One person's photos" in the Settings photo card: downloading a person's kept
 * photos as a file and erasing them. Registered by that field only.
 */
import { defineMessages } from '../define';

export const personPhotos = defineMessages({
  en: {
    'manager.photos.person.title': 'One person’s photos',
    'manager.photos.person.effect':
      'When someone asks what is kept about them, download their photos as one ZIP file (the images, and a list saying which punch each is from). Erasing deletes all their photos now; their punches stay.',
    'manager.photos.person.search': 'Find a person’s photos',
    'manager.photos.person.find': 'By name or employee number.',
    'manager.photos.person.download': 'Download photos',
    'manager.photos.person.downloadFor': 'Download the photos of {name}',
    'manager.photos.person.erase': 'Erase photos',
    'manager.photos.person.eraseFor': 'Erase the photos of {name}',
    'manager.photos.person.preparing': 'Preparing the photos of {name}…',
    'manager.photos.person.downloaded': { one: '{count} photo of {name} downloaded.', other: '{count} photos of {name} downloaded.' },
    'manager.photos.person.none': 'No photos of {name} are kept.',
    'manager.photos.person.eraseTitle': 'Erase every photo of {name}?',
    'manager.photos.person.eraseEffect': 'All their punch photos are deleted now and cannot be brought back. Their punches and timesheets stay as they are.',
    'manager.photos.person.erased': { one: '{count} photo of {name} erased.', other: '{count} photos of {name} erased.' },
    'manager.photos.person.erasedNone': 'There were no photos of {name} to erase.',
  },
  es: {
    'manager.photos.person.title': 'Las fotos de una persona',
    'manager.photos.person.effect':
      'Cuando alguien pregunte qué se guarda sobre él, descarga sus fotos en un archivo ZIP (las imágenes y una lista de a qué fichaje corresponde cada una). Borrar elimina ahora todas sus fotos; sus fichajes se conservan.',
    'manager.photos.person.search': 'Buscar las fotos de una persona',
    'manager.photos.person.find': 'Por nombre o número de empleado.',
    'manager.photos.person.download': 'Descargar fotos',
    'manager.photos.person.downloadFor': 'Descargar las fotos de {name}',
    'manager.photos.person.erase': 'Borrar fotos',
    'manager.photos.person.eraseFor': 'Borrar las fotos de {name}',
    'manager.photos.person.preparing': 'Preparando las fotos de {name}…',
    'manager.photos.person.downloaded': { one: 'Descargada {count} foto de {name}.', other: 'Descargadas {count} fotos de {name}.' },
    'manager.photos.person.none': 'No se guarda ninguna foto de {name}.',
    'manager.photos.person.eraseTitle': '¿Borrar todas las fotos de {name}?',
    'manager.photos.person.eraseEffect': 'Todas sus fotos de fichaje se eliminan ahora y no se pueden recuperar. Sus fichajes y hojas de horas quedan como están.',
    'manager.photos.person.erased': { one: 'Borrada {count} foto de {name}.', other: 'Borradas {count} fotos de {name}.' },
    'manager.photos.person.erasedNone': 'No había fotos de {name} que borrar.',
  },
});
