/**
 * The questions asked at clock-off, each version's wording with its answers (a new wording is a
 * new version: domain/attestations.ts), and the managers' view of the answers. Loaded with the
 * employee flow's chunk and with manager mode, not with the staff grid.
 */
import { defineMessages } from '../define';

export const attestations = defineMessages({
  en: {
    'attest.title': 'Before you go',
    'attest.lead': 'Your answers are kept with this shift, and your manager sees them.',
    'attest.clockOff': 'Clock off',
    'attest.MealBreak.v1': 'Did you get your meal break?',
    'attest.MealBreak.v1.Yes': 'Yes',
    'attest.MealBreak.v1.NotAble': "No, I wasn't able to",
    'attest.MealBreak.v1.ChoseToSkip': 'No, I chose to skip it',
    'attest.Injury.v1': 'Are you leaving work free of any injury?',
    'attest.Injury.v1.NoInjury': 'Yes, no injury',
    'attest.Injury.v1.Injured': 'No, I was hurt at work',
    'attest.manager.title': 'Answers at clock-off',
    'attest.manager.lead': 'What people answered as they clocked off. A reported missed break holds the line for you.',
    'attest.manager.none': 'No answers yet.',
    'attest.manager.missed': 'Missed break reported',
    'attest.manager.clockedOff': 'Clocked off {when}',
    'attest.manager.version': '(wording v{version})',
  },
  es: {
    'attest.title': 'Antes de irte',
    'attest.lead': 'Tus respuestas se guardan con este turno y tu responsable las ve.',
    'attest.clockOff': 'Fichar salida',
    'attest.MealBreak.v1': '¿Tuviste tu pausa para comer?',
    'attest.MealBreak.v1.Yes': 'Sí',
    'attest.MealBreak.v1.NotAble': 'No, no pude',
    'attest.MealBreak.v1.ChoseToSkip': 'No, decidí no hacerla',
    'attest.Injury.v1': '¿Te vas del trabajo sin ninguna lesión?',
    'attest.Injury.v1.NoInjury': 'Sí, sin lesiones',
    'attest.Injury.v1.Injured': 'No, me lesioné en el trabajo',
    'attest.manager.title': 'Respuestas al fichar la salida',
    'attest.manager.lead': 'Lo que cada persona respondió al fichar la salida. Una pausa no hecha deja la línea pendiente de ti.',
    'attest.manager.none': 'Aún no hay respuestas.',
    'attest.manager.missed': 'Pausa no hecha',
    'attest.manager.clockedOff': 'Salida {when}',
    'attest.manager.version': '(redacción v{version})',
  },
});
