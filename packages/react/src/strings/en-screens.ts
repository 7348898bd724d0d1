/**
 * @module strings/en-screens — the English texts of the screens after Main (the sent and
 * expired-link notices, the code entry, the password steps and the reset form, the
 * confirmations). A table of its own so that the script-tag build carries it in
 * latchkey-screens.js with those screens, not in the widget bundle; hosts override its keys
 * through `strings` like any other.
 */

/** The English texts of the screens after Main; `{name}` marks an interpolated value. */
export const enScreens = {
  // Magic-link sent
  'emailConfirmation.title': 'Check your email',
  'emailConfirmation.text': 'An email was sent to {email}',
  'emailConfirmation.inboxLinks': 'Open your inbox',
  'emailConfirmation.openGmail': 'Open Gmail',
  'emailConfirmation.openOutlook': 'Open Outlook',
  'emailConfirmation.openYahoo': 'Open Yahoo',
  'emailConfirmation.didntGetIt': "Didn't get it?",
  'emailConfirmation.resend': 'Resend email',

  // Confirmations (spec §2)
  'success.title': 'Success!',
  'success.loggedIn': 'You have successfully logged in.',
  'success.wallet': 'You have successfully connected your wallet.',
  'success.passkeyTitle': 'Success',
  'success.passkey': 'Your Passkey has been successfully authenticated.',

  // OTP entry (spec §2, §5)
  'otp.title': 'Enter passcode',
  'otp.sentTo': 'A 6-digit passcode was sent to you at {destination}.',
  'otp.codeLabel': 'One-time passcode',
  'otp.expiresIn': "Your code expires in {time}. Didn't get it?",
  'otp.expired': 'Your code has expired.',
  'otp.resend': 'Resend code',
  'otp.verifying': 'Verifying passcode...',

  // Passwords (spec §2, §5)
  'password.emailMeLink': 'Email me a login link',
  'password.emailMeCode': 'Email me a login code',
  'password.createTitle': 'Create your account',
  'password.createText': 'Finish creating your account by setting a password.',
  'password.loginTitle': 'Log In',
  'password.emailLabel': 'Email',
  'password.passwordLabel': 'Password',
  'password.show': 'Show password',
  'password.hide': 'Hide password',
  'password.forgotLink': 'Forgot Password?',
  'password.createInstead': 'Create a password instead',
  'password.forgotTitle': 'Forgot password?',
  'password.forgotText': 'A link to reset your password was sent to you at {email}.',
  'password.didntGetIt': "Didn't get it?",
  'password.resend': 'Resend email',
  'password.loginWithoutPassword': 'Login without a password',
  'password.breachedTitle': 'Check your email to set a new password',
  'password.breachedText':
    'A different site where you use the same password had a security issue recently. For your safety, an email was sent to you at {email} to reset your password.',
  'password.setNewTitle': 'Check your email!',
  'password.setNewText': 'A login link was sent to you at {email}.',
  'password.dedupeTitle': 'Check your email to set a new password!',
  'password.dedupeText':
    "We want to make sure your account is secure and that it's really you logging in. A link to set a new password was sent to you at {email}.",
  'password.strengthLabel': 'Password strength',
  'password.strengthVeryWeak': 'Very weak',
  'password.strengthWeak': 'Weak',
  'password.strengthGood': 'Good',
  'password.strengthStrong': 'Strong',
  'password.ruleMet': 'done',
  'password.ruleNotMet': 'not done yet',
  'password.checking': 'Checking password strength…',
  'password.sendingTitle': 'Sending you an email...',
  'password.tryAgain': 'Try again',
  'password.minLength': 'Must be at least {count} characters long',
  'password.complexity':
    'Must contain {count} of the following: uppercase letter, lowercase letter, number, symbol',
  'password.breachedWarning':
    'This password may have been used on a different site that experienced a security issue. Please choose another password.',
  'reset.loggingIn': 'Logging in',
  'reset.title': 'Reset your password',
  'reset.newPasswordLabel': 'New password',
  'reset.loggingInBusy': 'Logging in...',
  'reset.checking': 'Checking your link…',

  // A used or expired emailed link (issue 17)
  'linkExpired.loginTitle': 'This login link no longer works',
  'linkExpired.resetTitle': 'This reset link no longer works',
  'linkExpired.text': 'It was already used or has expired: each link works only once, for a limited time.',
  'linkExpired.sendTo': 'We can send a new link to {email}.',
  'linkExpired.askEmail': 'Enter your email address and we will send you a new link.',
  'linkExpired.sendNew': 'Send a new link',
} as const;

/** A key of the later screens' table. */
export type ScreensStringKey = keyof typeof enScreens;
