// An integrator's page using the official browser SDK 5.1.1 (its bundled ES modules) pointed at
// Latchkey: `?public_token=…&api=PROVIDER_URL[&widget=sms][&b2b=1]`, as host-v6.js does for 6.x.
// In 5.1.1 only the B2B client reads the bootstrap's RBAC policy: `b2b=1` also makes one.
import { StytchB2BHeadlessClient } from '/sdk/5/b2b/index.headless.esm.js';
import { StytchUIClient } from '/sdk/5/index.esm.js';

const params = new URLSearchParams(window.location.search);
const publicToken = params.get('public_token');
const api = params.get('api');

const endpoints = {
  testAPIURL: api,
  liveAPIURL: api,
  clientsideServicesIframeURL: `${api}/v1/public/clientside-services?public_token=${encodeURIComponent(publicToken)}`,
};

window.official = new StytchUIClient(publicToken, { endpoints });
if (params.get('b2b') === '1') window.officialB2B = new StytchB2BHeadlessClient(publicToken, { endpoints });

if (params.get('widget') === 'sms') {
  window.official.mountLogin({
    elementId: '#login',
    config: { products: ['otp'], otpOptions: { methods: ['sms'], expirationMinutes: 5 } },
  });
}
