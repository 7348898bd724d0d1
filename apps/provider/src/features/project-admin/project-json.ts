/** @module project-json — a project as the administration API shows it (never a secret or its hash). */
import type { ProjectObject } from '@latchkey/wire';
import type { Project } from '../projects/project.js';
import { SEND_LIMIT_FIELDS, type SendLimits } from '../projects/send-limits.js';

/** What GET /v1/projects/{project_id} answers with as `project` (the wire's ProjectObject). */
export type ProjectJson = ProjectObject;

export function projectJson(project: Project, now: Date): ProjectJson {
  const sendLimits: Record<string, number> = {};
  for (const field of Object.keys(SEND_LIMIT_FIELDS) as Array<keyof SendLimits>)
    sendLimits[SEND_LIMIT_FIELDS[field].json] = project.sendLimits[field];
  const grace = project.previousSecretExpiresAt;
  return {
    project_id: project.id,
    name: project.name,
    environment: project.environment,
    public_token: project.publicToken,
    is_dev: project.isDev,
    vertical: project.vertical,
    allowed_origins: [...project.allowedOrigins],
    allowed_redirect_urls: [...project.allowedRedirectUrls],
    default_login_redirect_url: project.defaultLoginRedirectUrl,
    default_signup_redirect_url: project.defaultSignupRedirectUrl,
    enabled_products: [...project.enabledProducts],
    email_domains: [...project.emailDomains],
    password_config: {
      strength_policy: project.passwordConfig.strengthPolicy,
      luds_min_length: project.passwordConfig.ludsMinimumCount,
      luds_complexity: project.passwordConfig.ludsComplexity,
    },
    session_default_minutes: project.sessionDefaultMinutes,
    session_max_lifetime_minutes: project.sessionMaxLifetimeMinutes,
    magic_link_expiration_minutes: project.magicLinkExpirationMinutes,
    otp_expiration_minutes: project.otpExpirationMinutes,
    pkce_required_for_email_magic_links: project.pkceRequiredForEmailMagicLinks,
    pkce_required_for_password_resets: project.pkceRequiredForPasswordResets,
    pkce_required_for_oauth: project.pkceRequiredForOauth,
    disable_sdk_watermark: project.disableSdkWatermark,
    siwe_required_for_crypto_wallets: project.siweRequiredForCryptoWallets,
    mfa_required: project.mfaRequired,
    captcha: { site_key: project.captchaSiteKey, min_score: project.captchaMinScore },
    send_limits: sendLimits,
    session_custom_claims_template: project.sessionCustomClaimsTemplate,
    previous_secret_expires_at: grace !== null && grace > now ? grace.toISOString() : null,
    created_at: project.createdAt.toISOString(),
    email_sender_name: project.sender.emailName,
    email_sender_address: project.sender.emailAddress,
    sms_sender: project.sender.sms,
  };
}
