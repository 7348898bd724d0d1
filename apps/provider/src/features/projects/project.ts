/** @module project — the Project domain object and its mapping from the projects row. */
import type { ProjectEnvironment, ProjectId } from '../../ids.js';
import type { ProjectSender } from './project-sender.js';
import type { ProjectRow, ProjectVertical } from './projects.table.js';
import { DEFAULT_SEND_LIMITS, type SendLimits, sendLimitsFromJson } from './send-limits.js';

/** A project's identity and policy, as services use it. */
export interface Project {
  id: ProjectId;
  name: string;
  environment: ProjectEnvironment;
  publicToken: string;
  secretHash: string;
  /** The development project: accepts any http://localhost:PORT / http://127.0.0.1:PORT origin and redirect. */
  isDev: boolean;
  allowedOrigins: string[];
  allowedRedirectUrls: string[];
  defaultLoginRedirectUrl: string | null;
  defaultSignupRedirectUrl: string | null;
  enabledProducts: string[];
  emailDomains: string[];
  passwordConfig: { ludsComplexity: number; ludsMinimumCount: number; strengthPolicy: 'zxcvbn' | 'luds' };
  sessionDefaultMinutes: number;
  sessionMaxLifetimeMinutes: number;
  magicLinkExpirationMinutes: number;
  /** Lifetime of one-time passcodes when a send names none (1–10 minutes). */
  otpExpirationMinutes: number;
  pkceRequiredForEmailMagicLinks: boolean;
  pkceRequiredForPasswordResets: boolean;
  pkceRequiredForOauth: boolean;
  disableSdkWatermark: boolean;
  /** Ethereum wallets sign EIP-4361 (SIWE) messages (docs/contracts.md "Crypto wallets"). */
  siweRequiredForCryptoWallets: boolean;
  /** Primary sign-ins answer with an intermediate session until a second factor (docs/contracts.md "Multi-factor policy"). */
  mfaRequired: boolean;
  /** reCAPTCHA Enterprise site key; set = the sign-in calls need a captcha token (docs/contracts.md "Captcha"). */
  captchaSiteKey: string | null;
  /** Lowest reCAPTCHA score (0..1) that passes. */
  captchaMinScore: number;
  /** How many magic-link emails may be sent (SECURITY A5); the defaults where the project sets none. */
  sendLimits: SendLimits;
  /** The bootstrap's `vertical`, which the official SDK checks against its own kind; null = unset. */
  vertical: ProjectVertical | null;
  /** Claims added to every session JWT of the project (session-custom-claims.ts); `{}` = none. */
  sessionCustomClaimsTemplate: Record<string, unknown>;
  createdAt: Date;
  /** After a rotation: the replaced secret's hash, accepted until `previousSecretExpiresAt`. */
  previousSecretHash: string | null;
  previousSecretExpiresAt: Date | null;
  /** Who the project's emails and text messages come from; each null part is the deployment's. */
  sender: ProjectSender;
}

/** Row → domain; keeps column names inside the data layer. */
export function toProject(row: ProjectRow): Project {
  return {
    id: row.id as ProjectId,
    name: row.name,
    environment: row.environment,
    publicToken: row.public_token,
    secretHash: row.secret_hash,
    isDev: row.is_dev,
    allowedOrigins: row.allowed_origins,
    allowedRedirectUrls: row.allowed_redirect_urls,
    defaultLoginRedirectUrl: row.default_login_redirect_url,
    defaultSignupRedirectUrl: row.default_signup_redirect_url,
    enabledProducts: row.enabled_products,
    emailDomains: row.email_domains,
    passwordConfig: {
      ludsComplexity: row.password_luds_complexity,
      ludsMinimumCount: row.password_luds_minimum_count,
      strengthPolicy: row.password_strength_policy,
    },
    sessionDefaultMinutes: row.session_default_minutes,
    sessionMaxLifetimeMinutes: row.session_max_lifetime_minutes,
    magicLinkExpirationMinutes: row.magic_link_expiration_minutes,
    otpExpirationMinutes: row.otp_expiration_minutes,
    pkceRequiredForEmailMagicLinks: row.pkce_required_for_email_magic_links,
    pkceRequiredForPasswordResets: row.pkce_required_for_password_resets,
    pkceRequiredForOauth: row.pkce_required_for_oauth,
    disableSdkWatermark: row.disable_sdk_watermark,
    siweRequiredForCryptoWallets: row.siwe_required_for_crypto_wallets,
    mfaRequired: row.mfa_required,
    captchaSiteKey: row.captcha_site_key,
    captchaMinScore: row.captcha_min_score,
    sendLimits: { ...DEFAULT_SEND_LIMITS, ...sendLimitsFromJson(row.send_limits) },
    vertical: row.vertical,
    sessionCustomClaimsTemplate: row.session_custom_claims_template,
    createdAt: row.created_at,
    previousSecretHash: row.previous_secret_hash,
    previousSecretExpiresAt: row.previous_secret_expires_at,
    sender: {
      emailName: row.email_sender_name,
      emailAddress: row.email_sender_address,
      sms: row.sms_sender,
    },
  };
}
