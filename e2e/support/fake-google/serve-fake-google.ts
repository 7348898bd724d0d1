// Starts the end-to-end stack's fake Google on its fixed port (see fake-google.ts).
import { fakeGoogle, providerUrl } from '../stack.js';
import { startFakeGoogle } from './fake-google.js';

const google = await startFakeGoogle({
  issuer: fakeGoogle.issuer,
  clientId: fakeGoogle.clientId,
  clientSecret: fakeGoogle.clientSecret,
  redirectUris: [`${providerUrl}/v1/public/oauth/google/callback`],
});
console.log(`fake Google (OpenID provider) on ${google.issuer}`);
