/**
 * The business's timesheet rounding rules (project-designed): one settings document
 * (business_settings kind 'roundingRules'), parsed on every read; no rounding until a manager saves
 * rules. Kiosk lines are written with them (timesheetLines.ts).
 */
import { RoundingRulesModel } from '../../../contract/supporting/timesheets';
import { NO_ROUNDING, type RoundingRules } from '../../../domain/rounding';
import { settingsDocument } from './settingsDocument';

const document = settingsDocument<RoundingRules>('roundingRules', RoundingRulesModel, NO_ROUNDING, 'rounding rules');

export const ROUNDING_RULES_KIND = document.kind;

/** The stored rules, or NO_ROUNDING. */
export const readRoundingRules = document.read;

/** The rules of a stored document (undefined: none stored, so NO_ROUNDING), for a caller that read it with others. */
export const roundingRulesFrom = document.from;

/** Replaces the rules; lines already written keep their times. */
export const saveRoundingRules = document.save;
