// Chromium's virtual authenticator (CDP `WebAuthn` domain): a platform authenticator with user
// verification that holds discoverable credentials, as a phone or laptop with a passkey would.
import type { CDPSession, Page } from '@playwright/test';

export interface StoredCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  signCount: number;
}

export class VirtualAuthenticator {
  private constructor(
    private readonly cdp: CDPSession,
    readonly id: string,
  ) {}

  static async attach(page: Page): Promise<VirtualAuthenticator> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    return new VirtualAuthenticator(cdp, authenticatorId);
  }

  /** Takes the authenticator away, as when the person picks up another device. */
  async remove(): Promise<void> {
    await this.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: this.id });
  }

  async credentials(): Promise<StoredCredential[]> {
    const { credentials } = await this.cdp.send('WebAuthn.getCredentials', { authenticatorId: this.id });
    return credentials;
  }

  /**
   * Whether the authenticator answers by itself. Off, a request waits as if the person had not
   * yet touched it — so an autofill request stays pending instead of signing in at once.
   */
  async setPresence(enabled: boolean): Promise<void> {
    await this.cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId: this.id, enabled });
  }

  /**
   * A failed fingerprint or a dismissed prompt: with user verification required, the browser then
   * rejects the ceremony with NotAllowedError, exactly as when the person cancels.
   */
  async setUserVerified(verified: boolean): Promise<void> {
    await this.cdp.send('WebAuthn.setUserVerified', { authenticatorId: this.id, isUserVerified: verified });
  }
}
