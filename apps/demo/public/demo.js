// The integrator's own code: create the client, finish a magic-link or OAuth sign-in, show the account or the widget.
(async () => {
  const config = JSON.parse(document.getElementById('latchkey-config').textContent);
  const { createLatchkeyClient, mountLogin, mountResetPassword, mountPasskeyRegistration } = window.Latchkey;
  const client = createLatchkeyClient({
    publicToken: config.publicToken,
    baseUrl: config.providerUrl,
    ...(config.googleSignInScriptURL
      ? { endpoints: { googleSignInScriptURL: config.googleSignInScriptURL } }
      : {}),
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

  const status = document.getElementById('status');
  const loginEl = document.getElementById('login');
  const account = document.getElementById('account');
  const passkeysEl = document.getElementById('passkeys');
  const offersPasskeys = loginConfigs[loginSetup].products.includes('passkeys');
  let widget = null;
  let passkeyWidget = null;

  function showStatus(text, kind = 'info') {
    status.textContent = text;
    status.dataset.kind = kind;
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
    account.hidden = true;
    loginEl.hidden = false;
    if (!widget) {
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
        callbacks: { onError: (error) => console.error('Latchkey error', error) },
      };
      widget = resetSearch ? mountResetPassword({ ...options, search: resetSearch }) : mountLogin(options);
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

  client.session.onChange(render);
  client.user.onChange(render);

  // Finish a magic-link or OAuth sign-in. The token leaves the address bar first, so it is never
  // bookmarked, shared or reloaded into a second (failing) redemption.
  const token = pageParams.get('token');
  // A provider sign-in that failed comes back with `error` and `error_description` instead.
  const oauthError = tokenType === 'oauth' ? pageParams.get('error') : null;
  // Tokens and errors leave the address bar at once (the reset widget already has its copy of the query).
  if (token || oauthError) window.history.replaceState(null, '', `/${keep}`);
  if (oauthError) {
    showStatus(pageParams.get('error_description') || 'That sign-in could not be completed.', 'error');
  } else if ((tokenType === 'magic_links' || tokenType === 'oauth') && token) {
    showStatus('Signing you in…');
    try {
      if (tokenType === 'oauth') {
        await client.oauth.authenticate(token, { session_duration_minutes: sessionDurationMinutes });
      } else {
        await client.magicLinks.authenticate(token, { sessionDurationMinutes });
      }
      showStatus('Signed in.', 'success');
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
