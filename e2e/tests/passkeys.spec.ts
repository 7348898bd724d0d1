// A signed-in person sets up passkeys on two devices, manages them, and signs in with one: from
// the passkey button and through the email field's autofill. Chromium's virtual authenticators
// stand in for the devices; the provider, its database and the widget are the real ones.
import { PasskeyManager } from '../pages/passkey-manager.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { expect, snapshot, test } from '../support/fixtures.js';
import { magicLinkIn, uniqueEmail, waitForMessages } from '../support/outbox.js';
import { VirtualAuthenticator } from '../support/virtual-authenticator.js';

const PAGE = '/?login=passkeys';

test('registers, renames and deletes passkeys, then signs in with the button and through autofill', async ({
  demo,
  page,
  request,
}) => {
  const email = uniqueEmail('pat');
  const passkeys = new PasskeyManager(page);
  const passkeyButton = demo.widget.root.getByRole('button', { name: 'Log in with a Passkey' });
  const laptop = await VirtualAuthenticator.attach(page);

  await test.step('signed in by magic link, the account panel offers to set up a passkey', async () => {
    await page.goto(PAGE);
    await demo.widget.requestMagicLink(email);
    const [message] = await waitForMessages(request, email);
    await page.goto(magicLinkIn(message!));
    await demo.expectSignedIn(email);
    await expect(passkeys.startHeading).toBeVisible();
    await expect(passkeys.skipButton).toBeVisible();
    await snapshot(page, '40-passkey-start');
    await expectNoAxeViolations(page);
  });

  await test.step('"Create a Passkey" registers the laptop and lists it', async () => {
    await passkeys.createButton.click();
    await expect(passkeys.successHeading).toBeVisible();
    await expect(passkeys.rows).toHaveCount(1);
    expect(await laptop.credentials()).toHaveLength(1);
    await snapshot(page, '41-passkey-created');
    await expectNoAxeViolations(page);
  });

  const [firstName] = await passkeys.names();
  await test.step('renaming is inline; other rows stay put and the name survives a reload', async () => {
    await passkeys.rename(firstName!, 'Work laptop');
    await passkeys.expectNames(['Work laptop']);
    await page.reload();
    await passkeys.skipButton.click();
    await passkeys.expectNames(['Work laptop']);
  });

  await test.step('the same authenticator again is refused with the "already registered" text', async () => {
    await passkeys.setUpAnotherButton.click();
    await passkeys.createButton.click();
    await expect(passkeys.error).toContainText('it seems to be already registered');
    await expect(passkeys.startHeading).toBeVisible();
    await snapshot(page, '42-passkey-already-registered');
  });

  await test.step('a cancelled ceremony leaves nothing behind and says how to retry', async () => {
    await laptop.setUserVerified(false);
    await passkeys.createButton.click();
    await expect(passkeys.error).toContainText('Your Passkey was not created.');
    await snapshot(page, '43-passkey-not-created');
    await laptop.setUserVerified(true);
  });

  let phone: VirtualAuthenticator;
  await test.step('a second device registers a second passkey', async () => {
    await laptop.remove();
    phone = await VirtualAuthenticator.attach(page);
    await passkeys.createButton.click();
    await expect(passkeys.successHeading).toBeVisible();
    await expect(passkeys.rows).toHaveCount(2);
    expect(await phone.credentials()).toHaveLength(1);
  });

  await test.step("editing one row disables the other rows' edit buttons", async () => {
    const phoneName = (await passkeys.names()).find((name) => name !== 'Work laptop');
    const others = passkeys.root.getByRole('button', { name: `Rename ${phoneName}` });
    await passkeys.root.getByRole('button', { name: 'Rename Work laptop' }).click();
    await expect(others).toBeDisabled();
    await snapshot(page, '44-passkey-renaming');
    await passkeys.root.getByRole('textbox', { name: 'Passkey name' }).press('Escape');
    await expect(others).toBeEnabled();
  });

  await test.step("deleting asks first, then removes the laptop's passkey for good", async () => {
    await passkeys
      .row('Work laptop')
      .getByRole('button', { name: /^Delete/ })
      .click();
    await expect(passkeys.root.getByText('Once deleted, the passkey cannot be restored.')).toBeVisible();
    await snapshot(page, '45-passkey-delete-confirm');
    await passkeys.root.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(passkeys.rows).toHaveCount(1);
    await expect(passkeys.row('Work laptop')).toHaveCount(0);
    await page.reload();
    await passkeys.skipButton.click();
    await expect(passkeys.rows).toHaveCount(1);
    await expect(passkeys.row('Work laptop')).toHaveCount(0);
  });

  await test.step('"Done" hands control back to the page', async () => {
    await passkeys.doneButton.click();
    await expect(demo.status).toHaveText('Your passkeys are saved.');
  });

  await test.step('signed out, "Log in with a Passkey" signs in with the phone', async () => {
    // Until the button is pressed, the autofill request waits as if nobody touched the phone.
    await phone!.setPresence(false);
    await demo.logoutButton.click();
    await expect(passkeyButton).toBeVisible();
    await expect(demo.widget.emailInput).toHaveAttribute('autocomplete', 'username webauthn');
    await snapshot(page, '46-main-with-passkey');
    await expectNoAxeViolations(page);
    await phone!.setPresence(true);
    await passkeyButton.click();
    await demo.expectSignedIn(email);
    await snapshot(page, '47-signed-in-with-passkey');
  });

  await test.step("signed out again, the email field's passkey suggestion signs in by itself", async () => {
    const signCount = async () => (await phone!.credentials())[0]!.signCount;
    const before = await signCount();
    await demo.logoutButton.click();
    // The phone signs once more only after the widget came back and asked for autofill.
    await expect.poll(signCount).toBe(before + 1);
    await demo.expectSignedIn(email);
  });
});
