// The integrator's own code: create the client, finish a magic-link or OAuth sign-in, show the account or the widget.
(async () => {
  const config = JSON.parse(document.getElementById('latchkey-config').textContent);
  const { createLatchkeyClient, mountLogin, mountResetPassword, mountPasskeyRegistration } = window.Latchkey;
  const client = createLatchkeyClient({
    publicToken: config.publicToken,
    baseUrl: config.providerUrl,
    endpoints: {
      ...(config.googleSignInScriptURL && { googleSignInScriptURL: config.googleSignInScriptURL }),
      ...(config.recaptchaScriptURL && { recaptchaScriptURL: config.recaptchaScriptURL }),
    },
  });
  const sessionDurationMinutes = 60;
  // Setups an integrator might choose: `?login=codes` signs in with passcodes only (email, text,
  // WhatsApp); `?login=passwords` asks for a password first, with magic links as the way around
  // it; `?login=passkeys` offers passkeys beside magic links and lets a signed-in person manage
  // theirs; `?login=oauth` offers Google (with One Tap) and GitHub above a magic-link form;
  // `?login=crypto` offers the browser's Ethereum and Solana wallets above a magic-link form (with
  // `&project=siwe`, a project that asks wallets to sign Sign-In with Ethereum messages); the
  // default sends magic links to emails and passcodes to phones.
  const loginConfigs = {
    passwords: { products: ['emailMagicLinks', 'passwords'] },
    passkeys: { products: ['emailMagicLinks', 'passkeys'] },
    oauth: {
      products: ['oauth', 'emailMagicLinks'],
      oauthOptions: { providers: [{ type: 'google', one_tap: true }, { type: 'github' }] },
    },
    crypto: { products: ['crypto', 'emailMagicLinks'] },
    default: {
      products: ['emailMagicLinks', 'otp'],
      otpOptions: { methods: ['sms', 'whatsapp'], expirationMinutes: 5 },
    },
    codes: {
      products: ['otp'],
      otpOptions: { methods: ['email', 'sms', 'whatsapp'], expirationMinutes: 5 },
    },
  };
  const pageParams = new URLSearchParams(window.location.search);
  const loginSetup = Object.hasOwn(loginConfigs, pageParams.get('login') ?? '')
    ? pageParams.get('login')
    : 'default';
  // Links in emails come back to this page with the same setup and project.
  const setupQuery = new URLSearchParams();
  if (loginSetup !== 'default') setupQuery.set('login', loginSetup);
  if (config.project) setupQuery.set('project', config.project);
  const keep = setupQuery.size > 0 ? `?${setupQuery}` : '';
  const authenticateUrl = `${window.location.origin}/authenticate${keep}`;
  const resetUrl = `${window.location.origin}/reset-password${keep}`;
  // A reset link (`reset_password`) or its "log in without a password" link (`login`) opens the
  // reset widget; it reads the token from the query string we hand it.
  const tokenType = pageParams.get('stytch_token_type');
  let resetSearch = tokenType === 'reset_password' || tokenType === 'login' ? window.location.search : null;
  // A provider sign-in that came back with an error: the login widget shows it (with the buttons
  // to try again) when it first mounts; the address bar is cleared below.
  let oauthReturnSearch = tokenType === 'oauth' && pageParams.has('error') ? window.location.search : '';

  const status = document.getElementById('status');
  const loginEl = document.getElementById('login');
  const account = document.getElementById('account');
  const passkeysEl = document.getElementById('passkeys');
  const offersPasskeys = loginConfigs[loginSetup].products.includes('passkeys');
  let widget = null;
  let passkeyWidget = null;
  // A magic-link or OAuth sign-in that still needs its second factor (the project requires MFA):
  // the widget starts on that step.
  let pendingSignIn = null;

  function showStatus(text, kind = 'info') {
    status.textContent = text;
    status.dataset.kind = kind;
  }

  // The status line follows the session wherever it changes (this page, another tab, an expiry),
  // so it never reads 'logged out' above the account panel.
  client.on('latchkey:session-created', () => showStatus('Signed in.', 'success'));
  client.on('latchkey:user-logged-out', () => showStatus('You have been logged out.'));
  client.on('latchkey:session-expired', () => showStatus('Your session has ended. Please sign in again.'));

  // A sign-in in the widget ends on its confirmation ('Success! You have successfully logged in.'),
  // which the widget announces with AUTHENTICATE_FLOW_COMPLETE in the same task that stored the
  // session. The account panel waits for that announcement (one task), then lets the person read
  // the confirmation before it takes the widget's place. A session from elsewhere (the sign-in
  // link below, another tab) has no confirmation: the panel comes after that one task.
  const CONFIRMATION_SHOWN_MS = 2000;
  let confirmationTimer = null;
  let announcementWait = null;
  let widgetDone = false;

  /** True once the mounted widget may give way to the account panel; until then render() waits. */
  function widgetMayLeave() {
    if (widgetDone) return true;
    if (!confirmationTimer && !announcementWait) {
      announcementWait = setTimeout(() => {
        announcementWait = null;
        if (confirmationTimer) return;
        widgetDone = true;
        render();
      }, 0);
    }
    return false;
  }

  function onWidgetEvent({ type }) {
    if (type !== 'AUTHENTICATE_FLOW_COMPLETE') return;
    clearTimeout(confirmationTimer);
    confirmationTimer = setTimeout(() => {
      confirmationTimer = null;
      widgetDone = true;
      const focusWasInWidget = loginEl.contains(document.activeElement);
      render();
      // The screen that had focus is gone: the panel that replaced it takes it.
      if (focusWasInWidget || document.activeElement === document.body)
        document.getElementById('account-heading').focus();
    }, CONFIRMATION_SHOWN_MS);
  }

  /** Forgets a confirmation in progress (the session ended meanwhile). */
  function stopWaitingForWidget() {
    clearTimeout(confirmationTimer);
    clearTimeout(announcementWait);
    confirmationTimer = null;
    announcementWait = null;
  }

  // A reset link opened while the page still holds a session (perhaps one that turns out to be
  // revoked) must survive to the sign-in view; only a sign-in made on this page uses it up.
  let firstRender = true;
  function render() {
    const session = client.session.getSync();
    const user = client.user.getSync();
    const signedInHere = !firstRender;
    firstRender = false;
    if (session) {
      if (widget && signedInHere && !widgetMayLeave()) return;
      widget?.unmount();
      widget = null;
      if (signedInHere) resetSearch = null;
      loginEl.hidden = true;
      account.hidden = false;
      const wallets = user?.crypto_wallets ?? [];
      const signedInAs = document.getElementById('account-email');
      const contact = user?.emails?.[0]?.email ?? user?.phone_numbers?.[0]?.phone_number;
      // Someone who signed up with a wallet has no email or phone: name them by the wallet.
      signedInAs.textContent = contact ?? (wallets[0] ? shortAddress(wallets[0].crypto_wallet_address) : '—');
      if (!contact && wallets[0]) signedInAs.title = wallets[0].crypto_wallet_address;
      else signedInAs.removeAttribute('title');
      renderWallets(wallets);
      renderAuthenticator(user);
      document.getElementById('account-user-id').textContent = session.user_id;
      const expires = document.getElementById('account-expires');
      expires.dateTime = session.expires_at;
      expires.textContent = new Date(session.expires_at).toLocaleString();
      passkeysEl.hidden = !offersPasskeys;
      if (offersPasskeys && !passkeyWidget) passkeyWidget = mountPasskeys();
      return;
    }
    passkeyWidget?.unmount();
    passkeyWidget = null;
    resetAuthenticator();
    account.hidden = true;
    loginEl.hidden = false;
    if (widget && (widgetDone || confirmationTimer)) {
      // Signed out while the widget still showed a finished sign-in: start afresh.
      widget.unmount();
      widget = null;
    }
    stopWaitingForWidget();
    if (!widget) {
      widgetDone = false;
      const options = {
        elementId: '#login',
        client,
        config: {
          ...loginConfigs[loginSetup],
          // The providers send people back here, to the page that finishes the sign-in below.
          ...(loginConfigs[loginSetup].oauthOptions && {
            oauthOptions: {
              ...loginConfigs[loginSetup].oauthOptions,
              loginRedirectURL: authenticateUrl,
              signupRedirectURL: authenticateUrl,
            },
          }),
          emailMagicLinksOptions: {
            loginRedirectURL: authenticateUrl,
            signupRedirectURL: authenticateUrl,
            loginExpirationMinutes: 30,
            signupExpirationMinutes: 30,
            createUserAsPending: true,
          },
          passwordOptions: {
            loginRedirectURL: authenticateUrl,
            resetPasswordRedirectURL: resetUrl,
            resetPasswordExpirationMinutes: 30,
          },
          sessionOptions: { sessionDurationMinutes },
        },
        callbacks: {
          onEvent: onWidgetEvent,
          onError: (error) => console.error('Latchkey error', error),
        },
      };
      widget = resetSearch
        ? mountResetPassword({ ...options, search: resetSearch })
        : mountLogin({ ...options, ...(pendingSignIn && { pendingSignIn }), search: oauthReturnSearch });
      pendingSignIn = null;
      oauthReturnSearch = '';
    }
  }

  /** `0x5aAe…eAed`: enough of an address to recognise it; the full one is listed below. */
  function shortAddress(address) {
    const head = address.startsWith('0x') ? 6 : 4;
    return address.length > head + 6 ? `${address.slice(0, head)}…${address.slice(-4)}` : address;
  }

  const WALLET_TYPES = { ethereum: 'Ethereum', solana: 'Solana' };

  // The account panel's wallet list: type, then the full address (monospace, wraps).
  function renderWallets(wallets) {
    const list = document.getElementById('account-wallets');
    document.getElementById('account-wallets-label').hidden = wallets.length === 0;
    list.parentElement.hidden = wallets.length === 0;
    list.replaceChildren(
      ...wallets.map((wallet) => {
        const item = document.createElement('li');
        const type = document.createElement('span');
        type.className = 'wallet-type';
        type.textContent = WALLET_TYPES[wallet.crypto_wallet_type] ?? wallet.crypto_wallet_type;
        const address = document.createElement('code');
        address.className = 'wallet-address';
        address.textContent = wallet.crypto_wallet_address;
        item.append(type, ' ', address);
        return item;
      }),
    );
  }

  // The account panel's passkey manager: the integrator's "security settings" for a signed-in person.
  function mountPasskeys() {
    return mountPasskeyRegistration({
      elementId: '#passkey-manager',
      client,
      config: { products: ['passkeys'], sessionOptions: { sessionDurationMinutes } },
      callbacks: {
        onEvent: ({ type }) => {
          if (type === 'PASSKEY_DONE') showStatus('Your passkeys are saved.', 'success');
        },
        onError: (error) => console.error('Latchkey error', error),
      },
    });
  }

  // The account panel's authenticator app (TOTP): set one up, remove it, or get new recovery codes.
  const totp = {
    state: document.getElementById('totp-state'),
    setup: document.getElementById('totp-setup'),
    newCodes: document.getElementById('totp-new-codes'),
    remove: document.getElementById('totp-remove'),
    removeConfirm: document.getElementById('totp-remove-confirm'),
    enrol: document.getElementById('totp-enrol'),
    qr: document.getElementById('totp-qr'),
    key: document.getElementById('totp-key'),
    confirm: document.getElementById('totp-confirm'),
    code: document.getElementById('totp-code'),
    codes: document.getElementById('totp-codes'),
    codeList: document.getElementById('recovery-codes'),
    status: document.getElementById('totp-status'),
  };
  // The new app being set up (`totps.create`), and the recovery codes on show.
  let totpSetup = null;
  let shownCodes = null;

  function totpStatus(text, kind = 'info') {
    totp.status.textContent = text;
    totp.status.dataset.kind = kind;
  }

  /** What a failed TOTP call means to the person, in their words where we know the code. */
  function totpErrorText(error) {
    switch (error?.code) {
      case 'invalid_totp_code':
        return 'That code did not match. Enter the code the app shows now.';
      case 'totp_already_exists':
        return 'An authenticator app is already set up for this account.';
      case 'too_many_requests':
        return 'Too many tries. Wait a moment, then try again.';
      default:
        return error?.message ?? 'Something went wrong. Please try again.';
    }
  }

  /** `ABCD EFGH …`: the key in groups of four, as authenticator apps show it. */
  const groupKey = (secret) => secret.replace(/(.{4})(?=.)/g, '$1 ');

  function showCodes(codes) {
    shownCodes = codes;
    totp.codeList.replaceChildren(
      ...codes.map((code) => {
        const item = document.createElement('li');
        const text = document.createElement('code');
        text.textContent = code;
        item.append(text);
        return item;
      }),
    );
  }

  function renderAuthenticator(user) {
    const verified = user?.totps?.[0];
    if (verified) totpSetup = null;
    totp.state.textContent = verified
      ? 'Authenticator app: on. Signing in asks for its code after your password, link or passcode.'
      : 'Authenticator app: off. Add one to protect your account with a second step.';
    totp.setup.hidden = Boolean(verified) || totpSetup !== null;
    totp.newCodes.hidden = !verified;
    totp.remove.hidden = !verified;
    if (!verified) totp.removeConfirm.hidden = true;
    totp.enrol.hidden = totpSetup === null;
    totp.confirm.hidden = totpSetup === null;
    totp.codes.hidden = shownCodes === null;
  }

  function resetAuthenticator() {
    totpSetup = null;
    shownCodes = null;
    totp.code.value = '';
    totp.removeConfirm.hidden = true;
    totpStatus('');
  }

  /** Runs a TOTP call with its button disabled; a failure goes to the section's status line. */
  async function totpCall(button, call) {
    button.disabled = true;
    try {
      await call();
    } catch (error) {
      totpStatus(totpErrorText(error), 'error');
    } finally {
      button.disabled = false;
      render();
    }
  }

  totp.setup.addEventListener('click', () =>
    totpCall(totp.setup, async () => {
      totpStatus('');
      totpSetup = await client.totps.create();
      totp.qr.src = totpSetup.qr_code;
      totp.key.textContent = groupKey(totpSetup.secret);
      totp.code.value = '';
      showCodes(totpSetup.recovery_codes);
      render();
      // The button that was pressed is gone: the steps' start takes focus.
      document.getElementById('totp-enrol-start').focus();
      totpStatus('Scan the QR code, save your recovery codes, then enter the code the app shows.');
    }),
  );

  totp.confirm.addEventListener('submit', (event) => {
    event.preventDefault();
    const code = totp.code.value.replace(/\s/g, '');
    if (!/^\d{6}$/.test(code)) {
      totpStatus('Enter the 6 digits the app shows.', 'error');
      totp.code.focus();
      return;
    }
    totpCall(document.getElementById('totp-confirm-submit'), async () => {
      try {
        await client.totps.authenticate({
          totp_code: code,
          session_duration_minutes: sessionDurationMinutes,
        });
      } catch (error) {
        totp.code.select();
        throw error;
      }
      totpSetup = null;
      shownCodes = null;
      totpStatus('Authenticator app turned on.', 'success');
      render();
      totp.state.focus();
    });
  });

  document.getElementById('totp-cancel').addEventListener('click', () => {
    // The unconfirmed app is simply left unverified; the next setup replaces it.
    resetAuthenticator();
    render();
    totp.setup.focus();
  });

  totp.remove.addEventListener('click', () => {
    totp.removeConfirm.hidden = false;
    document.getElementById('totp-remove-no').focus();
  });

  document.getElementById('totp-remove-no').addEventListener('click', () => {
    totp.removeConfirm.hidden = true;
    totp.remove.focus();
  });

  document.getElementById('totp-remove-yes').addEventListener('click', (event) =>
    totpCall(event.currentTarget, async () => {
      const totpId = client.user.getSync()?.totps?.[0]?.totp_id;
      if (!totpId) return;
      await client.user.deleteTOTP(totpId);
      resetAuthenticator();
      totpStatus('Authenticator app removed.', 'success');
      render();
      totp.setup.focus();
    }),
  );

  totp.newCodes.addEventListener('click', () =>
    totpCall(totp.newCodes, async () => {
      const { totps } = await client.totps.recoveryCodes();
      showCodes(totps.recovery_codes);
      totpStatus('New recovery codes are shown above. The old ones no longer work.', 'success');
    }),
  );

  document.getElementById('copy-key').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(totpSetup?.secret ?? '');
      totpStatus('Key copied.');
    } catch {
      totpStatus('Could not copy. Select the key and copy it by hand.', 'error');
    }
  });

  // The codes as a file: a link to a Blob of them, clicked once, then let go.
  document.getElementById('download-codes').addEventListener('click', () => {
    const url = URL.createObjectURL(new Blob([`${(shownCodes ?? []).join('\n')}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
    totpStatus('Recovery codes saved as recovery-codes.txt.');
  });

  document.getElementById('copy-codes').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText((shownCodes ?? []).join('\n'));
      totpStatus('Recovery codes copied.');
    } catch {
      totpStatus('Could not copy. Select the codes and copy them by hand.', 'error');
    }
  });

  client.session.onChange(render);
  client.user.onChange(render);

  // Finish a magic-link or OAuth sign-in. The token leaves the address bar first, so it is never
  // bookmarked, shared or reloaded into a second (failing) redemption.
  const token = pageParams.get('token');
  // A provider sign-in that failed comes back with `error` and `error_description` instead.
  const oauthError = tokenType === 'oauth' ? pageParams.get('error') : null;
  // Tokens and errors leave the address bar at once (the reset widget already has its copy of the query).
  if (token || oauthError) window.history.replaceState(null, '', `/${keep}`);
  if (!oauthError && (tokenType === 'magic_links' || tokenType === 'oauth') && token) {
    showStatus('Signing you in…');
    try {
      const result =
        tokenType === 'oauth'
          ? await client.oauth.authenticate(token, { session_duration_minutes: sessionDurationMinutes })
          : await client.magicLinks.authenticate(token, { sessionDurationMinutes });
      if (result?.intermediate_session_token && !result.session_token) {
        // No session yet: the widget asks for the second factor (it may have mounted on Main meanwhile).
        pendingSignIn = result;
        widget?.unmount();
        widget = null;
        showStatus('One more step: confirm it’s you.');
      } else {
        showStatus('Signed in.', 'success');
      }
    } catch (error) {
      showStatus(error?.message ?? 'That sign-in link could not be used.', 'error');
    }
  }

  document.getElementById('refresh-session').addEventListener('click', async (event) => {
    const button = event.currentTarget;
    button.disabled = true;
    try {
      await client.session.authenticate({ sessionDurationMinutes });
      showStatus('Session extended.', 'success');
    } catch (error) {
      showStatus(error?.message ?? 'Could not extend the session.', 'error');
    } finally {
      button.disabled = false;
      render();
    }
  });

  document.getElementById('logout').addEventListener('click', async (event) => {
    const button = event.currentTarget;
    button.disabled = true;
    try {
      await client.session.revoke();
      showStatus('You have been logged out.');
    } catch (error) {
      showStatus(error?.message ?? 'Could not log out.', 'error');
    } finally {
      button.disabled = false;
      render();
    }
  });

  render();
})();
