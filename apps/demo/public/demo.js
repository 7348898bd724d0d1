// The integrator's own code: create the client, finish a magic-link sign-in, show the account or the widget.
(async () => {
  const config = JSON.parse(document.getElementById('latchkey-config').textContent);
  const { createLatchkeyClient, mountLogin } = window.Latchkey;
  const client = createLatchkeyClient({ publicToken: config.publicToken, baseUrl: config.providerUrl });
  const sessionDurationMinutes = 60;
  // Two setups an integrator might choose: `?login=codes` signs in with passcodes only (email,
  // text, WhatsApp); the default sends magic links to emails and passcodes to phones.
  const loginConfigs = {
    default: {
      products: ['emailMagicLinks', 'otp'],
      otpOptions: { methods: ['sms', 'whatsapp'], expirationMinutes: 5 },
    },
    codes: {
      products: ['otp'],
      otpOptions: { methods: ['email', 'sms', 'whatsapp'], expirationMinutes: 5 },
    },
  };
  const loginSetup =
    new URLSearchParams(window.location.search).get('login') === 'codes' ? 'codes' : 'default';

  const status = document.getElementById('status');
  const loginEl = document.getElementById('login');
  const account = document.getElementById('account');
  let widget = null;

  function showStatus(text, kind = 'info') {
    status.textContent = text;
    status.dataset.kind = kind;
  }

  function render() {
    const session = client.session.getSync();
    const user = client.user.getSync();
    if (session) {
      widget?.unmount();
      widget = null;
      loginEl.hidden = true;
      account.hidden = false;
      document.getElementById('account-email').textContent =
        user?.emails?.[0]?.email ?? user?.phone_numbers?.[0]?.phone_number ?? '—';
      document.getElementById('account-user-id').textContent = session.user_id;
      const expires = document.getElementById('account-expires');
      expires.dateTime = session.expires_at;
      expires.textContent = new Date(session.expires_at).toLocaleString();
      return;
    }
    account.hidden = true;
    loginEl.hidden = false;
    if (!widget) {
      const redirect = `${window.location.origin}/authenticate`;
      widget = mountLogin({
        elementId: '#login',
        client,
        config: {
          ...loginConfigs[loginSetup],
          emailMagicLinksOptions: {
            loginRedirectURL: redirect,
            signupRedirectURL: redirect,
            loginExpirationMinutes: 30,
            signupExpirationMinutes: 30,
            createUserAsPending: true,
          },
          sessionOptions: { sessionDurationMinutes },
        },
        callbacks: { onError: (error) => console.error('Latchkey error', error) },
      });
    }
  }

  client.session.onChange(render);
  client.user.onChange(render);

  // Finish a magic-link sign-in. The token leaves the address bar first, so it is never
  // bookmarked, shared or reloaded into a second (failing) redemption.
  const params = new URLSearchParams(window.location.search);
  const token = params.get('token');
  if (params.get('stytch_token_type') === 'magic_links' && token) {
    window.history.replaceState(null, '', '/');
    showStatus('Signing you in…');
    try {
      await client.magicLinks.authenticate(token, { sessionDurationMinutes });
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
