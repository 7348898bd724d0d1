// An integrator's page using the official browser SDK 6.x (its IIFE build, global `stytch`)
// pointed at Latchkey: `?public_token=…&api=PROVIDER_URL[&widget=sms]`. The test drives the
// client through `window.official`; `widget=sms` also mounts the official login widget's phone tab.
const params = new URLSearchParams(window.location.search);
const publicToken = params.get('public_token');
const api = params.get('api');

window.official = stytch.createStytchClient(publicToken, {
  endpoints: {
    testAPIURL: api,
    liveAPIURL: api,
    clientsideServicesIframeURL: `${api}/v1/public/clientside-services?public_token=${encodeURIComponent(publicToken)}`,
  },
});

if (params.get('widget') === 'sms') {
  customElements.define('stytch-ui', stytch.StytchUI);
  const login = document.createElement('stytch-ui');
  document.getElementById('login').append(login);
  login.render({
    client: window.official,
    config: {
      products: [stytch.Products.otp],
      otpOptions: { methods: ['sms'], expirationMinutes: 5 },
    },
  });
}
