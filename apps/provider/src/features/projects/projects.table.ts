/** @module projects.table — the projects table: one row per integrator project and its policy. */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { JsonColumn } from '../../db/json-column.js';
import type { ProjectEnvironment } from '../../ids.js';

/** The kinds of project the official SDK knows (its `Vertical`); Latchkey serves consumer projects. */
export type ProjectVertical = 'CONSUMER' | 'B2B';

/** Columns of `projects`. The secret is stored only as a SHA-256 hash. */
export interface ProjectsTable {
  id: string;
  name: string;
  environment: ProjectEnvironment;
  public_token: string;
  secret_hash: string;
  is_dev: boolean;
  allowed_origins: JsonColumn<string[]>;
  allowed_redirect_urls: JsonColumn<string[]>;
  default_login_redirect_url: string | null;
  default_signup_redirect_url: string | null;
  enabled_products: JsonColumn<string[]>;
  email_domains: JsonColumn<string[]>;
  password_luds_complexity: number;
  password_luds_minimum_count: number;
  /** How password strength is judged: `zxcvbn` (score ≥ 3, the default) or `luds` (the two counts above). */
  password_strength_policy: 'zxcvbn' | 'luds';
  session_default_minutes: number;
  session_max_lifetime_minutes: number;
  magic_link_expiration_minutes: number;
  /** Lifetime of one-time passcodes when a send names none: 1–10 minutes, default 5. */
  otp_expiration_minutes: number;
  pkce_required_for_email_magic_links: boolean;
  pkce_required_for_password_resets: boolean;
  pkce_required_for_oauth: boolean;
  disable_sdk_watermark: boolean;
  /** Ethereum wallets sign EIP-4361 (Sign-In with Ethereum) messages; default false. */
  siwe_required_for_crypto_wallets: boolean;
  /** A primary sign-in needs a second factor (TOTP, recovery code or SMS) before a session is made; default false. */
  mfa_required: boolean;
  /** reCAPTCHA Enterprise site key; set = the sign-in calls need a captcha token (SECURITY A7). */
  captcha_site_key: string | null;
  /** Lowest reCAPTCHA score (0..1) that passes; default 0.5. */
  captcha_min_score: number;
  /** Overrides of the email send limits, snake_case keys (see send-limits.ts); `{}` = defaults. */
  send_limits: JsonColumn<Record<string, number>>;
  /** The bootstrap's `vertical`: `CONSUMER` (the default), `B2B`, or null (unset). */
  vertical: ProjectVertical | null;
  /** Claims added to every session JWT of the project, under each session's own (session-custom-claims.ts); `{}` = none. */
  session_custom_claims_template: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Date;
  /** After a rotation: SHA-256 of the replaced secret, accepted until `previous_secret_expires_at`. */
  previous_secret_hash: Generated<string | null>;
  previous_secret_expires_at: Generated<Date | null>;
  /** The project's own email sender (display name, address); null = the deployment's LATCHKEY_MAIL_FROM part. */
  email_sender_name: Generated<string | null>;
  email_sender_address: Generated<string | null>;
  /** The project's own SMS sender (alphanumeric sender id or E.164); null = LATCHKEY_SMS_FROM. */
  sms_sender: Generated<string | null>;
}

export type ProjectRow = Selectable<ProjectsTable>;
export type NewProjectRow = Insertable<ProjectsTable>;
export type ProjectRowUpdate = Updateable<ProjectsTable>;
