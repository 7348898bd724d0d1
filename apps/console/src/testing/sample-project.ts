/** @module sample-project — (tests) a project as GET /v1/projects/{id} answers it. */
import type { Project } from '../lib/project-types.js';

export function sampleProject(overrides: Partial<Project> = {}): Project {
  return {
    project_id: 'project-test-1',
    name: 'Shop',
    environment: 'test',
    public_token: 'public-token-test-1',
    is_dev: false,
    vertical: 'CONSUMER',
    allowed_origins: ['https://shop.example.com'],
    allowed_redirect_urls: [],
    default_login_redirect_url: null,
    default_signup_redirect_url: null,
    enabled_products: ['emailMagicLinks', 'passwords'],
    email_domains: [],
    password_config: { strength_policy: 'zxcvbn', luds_min_length: 8, luds_complexity: 3 },
    session_default_minutes: 60,
    session_max_lifetime_minutes: 10_080,
    magic_link_expiration_minutes: 60,
    otp_expiration_minutes: 10,
    pkce_required_for_email_magic_links: false,
    pkce_required_for_password_resets: false,
    pkce_required_for_oauth: false,
    disable_sdk_watermark: false,
    siwe_required_for_crypto_wallets: false,
    mfa_required: false,
    captcha: { site_key: null, min_score: 0.5 },
    send_limits: { recipient_interval_seconds: 60 },
    session_custom_claims_template: {},
    previous_secret_expires_at: null,
    created_at: '2026-11-27T00:00:00.000Z',
    email_sender_name: null,
    email_sender_address: null,
    sms_sender: null,
    ...overrides,
  };
}
