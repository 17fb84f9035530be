/**
 * Project extension: a location's own break-rule profile and questions at clock-off, overriding
 * the business's (`/breakrules`, `/attestationsettings`) for shifts at that location. The fields
 * are domain/locationRules.ts's `LocationRules` (checked at compile time). Plain zod, shared with
 * the client.
 */
import { z } from 'zod';
import type { LocationRules } from '../../domain/locationRules';
import { AttestationSettingsModel } from './attestations';
import { BreakRulesModel } from './breakRules';
import * as t from '../wireTypes';

const overrides = {
  breakRules: BreakRulesModel.nullable().meta({ description: "The location's break and rest rules; null: its nearest ancestor's override, else the business's (`/breakrules`)." }),
  attestations: AttestationSettingsModel.nullable().meta({ description: "The questions asked at clock-off at this location; null: its nearest ancestor's override, else the business's (`/attestationsettings`)." }),
};

export const LocationRulesInputModel = z.object(overrides).strict().meta({
  id: 'LocationRulesInputModel',
  description: "Project-designed: a location's overrides of the business's break rules and questions at clock-off; each null member keeps the business's.",
});
export type LocationRulesInputModel = z.infer<typeof LocationRulesInputModel>;

export const LocationRulesModel = z
  .object({ locationId: t.int32, ...overrides } satisfies { [K in keyof LocationRules]-?: z.ZodType<LocationRules[K]> })
  .meta({
    id: 'LocationRulesModel',
    description:
      "Project-designed: a location's overrides. A shift at the location is warned about and asked at clock-off under them " +
      "and so is a shift at a location under it that has no override of that setting (the nearest ancestor's counts); a null member keeps the ancestors' or business's setting.",
  });
export type LocationRulesModel = z.infer<typeof LocationRulesModel>;
