// What the person does at a test wallet's pop-ups: approve (the default), refuse, or not answer yet.
// Both test wallets answer every pop-up through one of these, in Node, where the test steers it.

/** The two pop-ups a wallet shows during a sign-in. */
export type WalletPrompt = 'connect' | 'sign';

/** The EIP-1193 error a wallet gives when the person says no (EIP-1193 §provider-errors 4001). */
export const USER_REJECTED = { code: 4001, message: 'User rejected the request.' } as const;

/** A wallet error as it crosses the Playwright binding (an Error would lose its code on the way). */
export interface WalletError {
  code: number;
  message: string;
}

/** A pop-up left open: the wallet answers only once `release()` is called. */
export interface HeldPrompt {
  /** Settles when the site has opened the pop-up. */
  readonly reached: Promise<void>;
  /** The person answers (approve or refuse, as the wallet is told at that moment). */
  release(): void;
}

/** The person at the wallet, as the test steers them. */
export class WalletPrompts {
  private refused: WalletPrompt | null = null;
  private readonly held = new Map<WalletPrompt, { reached: () => void; released: Promise<void> }>();

  /** From now on, the person refuses this pop-up (null: approves every pop-up again). */
  refuse(prompt: WalletPrompt | null): void {
    this.refused = prompt;
  }

  /** The next time this pop-up opens, it stays open until the test releases it. */
  hold(prompt: WalletPrompt): HeldPrompt {
    let reached = () => {};
    let release = () => {};
    const reachedPromise = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.held.set(prompt, { reached, released });
    return { reached: reachedPromise, release };
  }

  /** Waits for the person's answer to a pop-up: undefined to go ahead, or the refusal. */
  async answer(prompt: WalletPrompt): Promise<WalletError | undefined> {
    const held = this.held.get(prompt);
    if (held) {
      this.held.delete(prompt);
      held.reached();
      await held.released;
    }
    return this.refused === prompt ? { ...USER_REJECTED } : undefined;
  }
}
