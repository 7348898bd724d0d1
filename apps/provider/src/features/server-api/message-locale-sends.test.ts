/**
 * Issue 20: a send's `locale` (the hosted provider's: en, es, fr, pt-br; English when absent)
 * picks the language of the email or text message it delivers, on the server API and in the
 * browser; another value → 400 naming `locale`, nothing stored or sent (PGlite and TEST_DATABASE_URL).
 */
import { describe, expect, it } from 'vitest';
import { latestToken, outboxFor, requestMagicLink } from '../../../test/magic-link-helpers.js';
import { codeFromText, sendOtp } from '../../../test/otp-helpers.js';
import { resetLinksFor, startReset } from '../../../test/password-helpers.js';
import { sendSnapshot, serverSend } from '../../../test/server-send-calls.js';
import { json, statusAndErrorType } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { givenServerUser } from '../../../test/user-management-calls.js';

const ctx = useTestContext();

/** The newest message to `to`; throws when there is none. */
async function newestTo(to: string): Promise<Record<string, string>> {
  const [newest] = await outboxFor(ctx, to);
  if (!newest) throw new Error(`no message to ${to}`);
  return newest;
}

/** Sends `payload` to `path` from the server (which must answer 200); the newest message to `to` then. */
async function serverSentTo(to: string, path: string, payload: Record<string, unknown>) {
  const sent = await serverSend(ctx, path, payload);
  expect(sent.statusCode, sent.body).toBe(200);
  return newestTo(to);
}

describe('the language of what a send delivers', () => {
  it('server magic links: Spanish sign-up link, French invitation, English by default; the links still work', async () => {
    const spanish = 'locale-es@example.com';
    const es = await serverSentTo(spanish, '/v1/magic_links/email/login_or_create', {
      email: spanish,
      locale: 'es',
    });
    expect(es.subject).toBe('Termina de crear tu cuenta de Development project');
    expect(es.text).toContain('Usa el botón de abajo para confirmar tu dirección de correo');
    expect(es.text).toContain('Crear mi cuenta: http');
    expect(es.text).toContain('Este enlace caduca en 30 minutos y solo se puede usar una vez.');
    expect(es.html).toContain('<html lang="es">');
    expect(await latestToken(ctx, spanish)).toMatch(/^[A-Za-z0-9_-]{44}$/);

    const french = 'locale-fr@example.com';
    const fr = await serverSentTo(french, '/v1/magic_links/email/invite', {
      email: french,
      locale: 'fr-CA',
      invite_expiration_minutes: 1440,
    });
    expect(fr.subject).toBe('Terminez la création de votre compte Development project');
    expect(fr.text).toContain('Ce lien expire dans 1440 minutes');
    expect(fr.html).toContain('<html lang="fr">');

    const english = 'locale-default@example.com';
    const en = await serverSentTo(english, '/v1/magic_links/email/login_or_create', { email: english });
    expect(en.subject).toBe('Finish creating your Development project account');
    expect(en.text).toContain('This link expires in 30 minutes and can be used once.');
    expect(en.html).toContain('<html lang="en">');
  });

  it('passcodes: a Brazilian Portuguese SMS from the server, a Spanish email from the browser', async () => {
    const phone = '+14155550142';
    const sms = await serverSentTo(phone, '/v1/otps/sms/login_or_create', {
      phone_number: phone,
      locale: 'pt-BR',
    });
    expect(sms.text).toMatch(
      /^Seu código de Development project é \d{6}\. Ele expira em \d+ minutos\. Se você não o pediu, ignore esta mensagem\.$/,
    );

    const address = 'locale-otp-es@example.com';
    expect((await sendOtp(ctx, 'email', address, { body: { locale: 'es' } })).statusCode).toBe(200);
    const email = await newestTo(address);
    expect(email.subject).toBe('Tu código de Development project');
    expect(email.text).toMatch(/^Tu código de Development project es \d{6}\.\n/);
    expect(email.text).toContain('Introdúcelo para');
    // The code is the one the message names, in any language.
    expect(email.html).toContain(/es (\d{6})\./.exec(email.text)?.[1]);

    const english = 'locale-otp-en@example.com';
    expect((await sendOtp(ctx, 'email', english)).statusCode).toBe(200);
    expect(codeFromText((await newestTo(english)).text as string)).toMatch(/^\d{6}$/);
  });

  it('password resets: French from the server, Spanish from the browser', async () => {
    const french = 'locale-reset-fr@example.com';
    await givenServerUser(ctx, { email: french });
    const fr = await serverSentTo(french, '/v1/passwords/email/reset/start', { email: french, locale: 'fr' });
    expect(fr.subject).toBe('Réinitialisez votre mot de passe Development project');
    expect(fr.text).toContain('Réinitialiser le mot de passe: http');
    expect(fr.text).toContain('Se connecter sans mot de passe: http');
    expect((await resetLinksFor(ctx, french)).reset).toMatch(/^[A-Za-z0-9_-]+$/);

    const spanish = 'locale-reset-es@example.com';
    await givenServerUser(ctx, { email: spanish });
    expect((await startReset(ctx, spanish, { locale: 'es' })).statusCode).toBe(200);
    expect((await newestTo(spanish)).subject).toBe('Restablece tu contraseña de Development project');
  });
});

describe('a language messages are not sent in', () => {
  it('→ 400 invalid_request naming locale on every send, nothing stored or sent', async () => {
    const known = 'locale-known@example.com';
    await givenServerUser(ctx, { email: known });
    const before = await sendSnapshot(ctx);
    const server: [string, Record<string, unknown>][] = [
      ['/v1/magic_links/email/login_or_create', { email: 'locale-bad@example.com' }],
      ['/v1/magic_links/email/send', { email: known }],
      ['/v1/magic_links/email/invite', { email: 'locale-bad-invite@example.com' }],
      ['/v1/otps/email/login_or_create', { email: 'locale-bad@example.com' }],
      ['/v1/otps/sms/send', { phone_number: '+14155550143' }],
      ['/v1/otps/whatsapp/login_or_create', { phone_number: '+14155550144' }],
      ['/v1/passwords/email/reset/start', { email: known }],
    ];
    const responses = [
      ...(await Promise.all(
        server.map(
          async ([path, body]) => [path, await serverSend(ctx, path, { ...body, locale: 'de' })] as const,
        ),
      )),
      [
        'browser magic link',
        await requestMagicLink(ctx, 'locale-bad@example.com', { locale: 'pt' }),
      ] as const,
      ['browser otp', await sendOtp(ctx, 'sms', '+14155550145', { body: { locale: 'zh-Hans' } })] as const,
      ['browser reset', await startReset(ctx, known, { locale: 'it' })] as const,
    ];
    for (const [what, response] of responses) {
      expect(statusAndErrorType(response), what).toEqual([400, 'invalid_request']);
      expect(JSON.stringify(json(response).body) + json(response).error_message, what).toContain('locale');
    }
    expect(await sendSnapshot(ctx)).toEqual(before);
    expect(await outboxFor(ctx, known)).toEqual([]);
  });
});
