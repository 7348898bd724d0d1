/**
 * @module strings/en-crypto — the English texts of crypto-wallet sign-in (Main's wallet buttons and
 * the Crypto screens, spec §2 and §8). A table of its own so that the script-tag build carries it in
 * latchkey-crypto.js, not in the widget bundle; hosts override its keys through `strings`.
 */

/** The English texts of the wallet buttons and the Crypto screens; `{name}` marks an interpolated value. */
export const enCrypto = {
  'main.continueWithWallet': 'Continue with {wallet}',
  'main.continueWithCryptoWallet': 'Continue with a crypto wallet',
  'crypto.connectTitle': 'Connecting to your wallet...',
  'crypto.connectText': 'Finish connecting in the {wallet} pop-up to continue.',
  'crypto.signTitle': 'Completing signature request...',
  'crypto.signText': 'Sign the message in the {wallet} pop-up to finish logging in.',
  'crypto.setupTitle': 'Set up a new crypto wallet',
  'crypto.setupText': 'Choose a wallet to install, then come back to log in.',
  'crypto.otherTitle': 'Continue with other wallet',
  'crypto.otherWallet': 'Continue with other wallet',
  'crypto.setupLink': 'Set up a new crypto wallet',
  'crypto.setupLinks': 'Crypto wallets',
  'crypto.errorTitle': 'Looks like there was an error!',
  'crypto.errorText':
    'Your sign in request could not be completed. Use the back arrow to return to the log in screen and try again!',
  'crypto.couldNotConnect': '[Error] Could not connect to wallet',
  'crypto.couldNotSign': '[Error] Could not sign message',
} as const;

/** A key of the crypto-wallet table. */
export type CryptoStringKey = keyof typeof enCrypto;
