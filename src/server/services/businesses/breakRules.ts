/**
 * The business's break and rest rules (project-designed): one settings document
 * (business_settings kind 'breakRules'), parsed on every read; no profile until a manager saves
 * one. Kiosks receive it with their policy and warn from it; kiosk lines are rounded under it
 * (timesheetLines.ts: meal punches kept as punched where the profile says so).
 */
import { BreakRulesModel } from '../../../contract/supporting/breakRules';
import { NO_BREAK_RULES, type BreakRuleSettings } from '../../../domain/breakRules';
import { settingsDocument } from './settingsDocument';

const document = settingsDocument<BreakRuleSettings>('breakRules', BreakRulesModel, NO_BREAK_RULES, 'break rules');

export const BREAK_RULES_KIND = document.kind;

/** The stored setting, or NO_BREAK_RULES. */
export const readBreakRules = document.read;

/** The setting of a stored document (undefined: none stored, so NO_BREAK_RULES), for a caller that read it with others. */
export const breakRulesFrom = document.from;

/** Replaces the setting; lines already written keep their times. */
export const saveBreakRules = document.save;
