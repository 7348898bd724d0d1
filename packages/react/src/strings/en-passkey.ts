/**
 * @module strings/en-passkey — the English texts of the passkey-registration screens (spec §2, §6,
 * §8). A table of its own so that the script-tag build carries it in
 * latchkey-passkey-registration.js, not in the widget bundle; hosts override its keys through `strings`.
 */

/** The English texts of PasskeyRegistrationStart and PasskeyRegistrationSuccess; `{name}` marks an interpolated value. */
export const enPasskey = {
  'passkey.startTitle': 'Set up a new Passkey',
  'passkey.startText':
    'Passkeys let you log in with your fingerprint, face or screen lock instead of a password or code.',
  'passkey.create': 'Create a Passkey',
  'passkey.skip': 'Skip',
  'passkey.successTitle': 'Passkey successfully created!',
  'passkey.existing': 'Existing Passkeys',
  'passkey.nameLabel': 'Passkey name',
  'passkey.edit': 'Rename {name}',
  'passkey.save': 'Save',
  'passkey.deleteLabel': 'Delete {name}',
  'passkey.delete': 'Delete',
  'passkey.cancel': 'Cancel',
  'passkey.deleteConfirm': 'Once deleted, the passkey cannot be restored.',
  'passkey.setupAnother': 'Set up another Passkey',
  'passkey.loading': 'Loading your Passkeys…',
  'passkey.none': 'You have no Passkeys yet.',
  'passkey.createdAt': 'Created {date}',
  'passkey.lastUsedAt': 'Last used {date}',
  'passkey.done': 'Done',
  'passkey.alreadyRegistered':
    'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
  'passkey.notCreated':
    'Your Passkey was not created. Click “Create a Passkey” to try again or skip without adding a Passkey.',
} as const;

/** A key of the passkey-registration table. */
export type PasskeyStringKey = keyof typeof enPasskey;
