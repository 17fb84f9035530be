/**
 * Every feature's messages, found by file (src/app/i18n/messages/*.ts), for tests that must hold
 * for all of them: a catalogue added or split later is checked without anyone listing it.
 */
type Catalogue = { en: Record<string, unknown>; es: Record<string, unknown> };

export const ALL_CATALOGUES: ReadonlyArray<{ name: string; catalogue: Catalogue }> = Object.entries(
  import.meta.glob<Record<string, Catalogue>>('../messages/*.ts', { eager: true }),
).flatMap(([file, exports]) => Object.entries(exports).map(([name, catalogue]) => ({ name: `${file.replace('../messages/', '')}:${name}`, catalogue })));
