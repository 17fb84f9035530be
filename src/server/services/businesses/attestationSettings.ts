/**
 * The business's attestation questions (project extension): one settings document
 * (business_settings kind 'attestations'), parsed on every read; nothing is asked until a manager
 * saves rules. Kiosks receive it with their policy and decide offline what to ask at clock-off.
 */
import { AttestationSettingsModel } from '../../../contract/supporting/attestations';
import { NO_ATTESTATIONS, type AttestationSettings } from '../../../domain/attestations';
import { settingsDocument } from './settingsDocument';

const document = settingsDocument<AttestationSettings>('attestations', AttestationSettingsModel, NO_ATTESTATIONS, 'attestation settings');

/** The stored setting, or NO_ATTESTATIONS. */
export const readAttestationSettings = document.read;

/** Replaces the setting; answers already given keep the versions they were asked in. */
export const saveAttestationSettings = document.save;
