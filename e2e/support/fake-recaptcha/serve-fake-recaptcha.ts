// Starts the end-to-end stack's fake reCAPTCHA Enterprise on its fixed port (see fake-recaptcha.ts).
import { fakeRecaptcha, ports } from '../stack.js';
import { startFakeRecaptcha } from './fake-recaptcha.js';

const recaptcha = await startFakeRecaptcha({ port: ports.recaptcha, apiKey: fakeRecaptcha.apiKey });
console.log(`fake reCAPTCHA Enterprise on ${recaptcha.url}`);
