/**
 * Users and their credentials: passwords (with the sign-in lockout), API keys, OAuth tokens and
 * pending e-mail changes.
 */
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { instant, createdAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

/**
 * The password lockout, per submitted e-mail address whether or not a user has it (so sign-in
 * answers alike for known and unknown addresses). Keyed by a digest, not the address itself.
 */
export const signInLockouts = pgTable('sign_in_lockouts', {
  addressDigest: text('address_digest').primaryKey(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: instant('locked_until'),
  updatedAt: instant('updated_at').notNull(),
});

/**
 * A change of a user's e-mail address, waiting for the new address to confirm it (a one-time token
 * sent there), so a re-address answers alike whether or not the address is taken.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_changes_user_idx').on(t.userId)],
);

export const apiKeys = pgTable('api_keys', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  keyHash: text('key_hash').notNull().unique(),
  label: text('label').notNull(),
  revokedAt: instant('revoked_at'),
  createdAt: createdAt(),
});

export const oauthTokens = pgTable('oauth_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  accessHash: text('access_hash').notNull().unique(),
  refreshHash: text('refresh_hash').notNull().unique(),
  accessExpiresAt: instant('access_expires_at').notNull(),
  refreshExpiresAt: instant('refresh_expires_at').notNull(),
  revokedAt: instant('revoked_at'),
  /**
   * Issued for a manager PIN at a paired tablet (project extension): renewals keep the pair's
   * refresh expiry, so the session ends a fixed time after the PIN, and the PIN cannot be changed
   * with it (a password sign-in can).
   */
  viaManagerPin: boolean('via_manager_pin').notNull().default(false),
  createdAt: createdAt(),
});
