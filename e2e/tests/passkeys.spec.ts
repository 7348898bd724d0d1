// A signed-in person sets up passkeys on two devices, manages them, and signs in with one: from
// the passkey button and through the email field's autofill. Chromium's virtual authenticators
// stand in for the devices; the provider, its database and the widget are the real ones.
import { PasskeyManager } from '../pages/passkey-manager.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { browserNameOnLinux } from '../support/chromium-executable.js';
import { expect, snapshot, snapshotAtBothWidths, test } from '../support/fixtures.js';
import { magicLinkIn, uniqueEmail, waitForMessages } from '../support/outbox.js';
import { isRegistration, registeredAaguid } from '../support/registered-aaguid.js';
import { VirtualAuthenticator } from '../support/virtual-authenticator.js';

const PAGE = '/?login=passkeys';

// Chromium's virtual authenticator (device/fido/virtual_ctap2_device.cc) identifies itself with
// this AAGUID, which no list of passkey providers knows; Chromium keeps it under attestation
// "none". The provider then names the passkey after the browser and system its client hints
// name (support/chromium-executable.ts).
const VIRTUAL_AUTHENTICATOR_AAGUID = '01020304-0506-0708-0102-030405060708';
const BROWSER_NAME = browserNameOnLinux();

test('registers, renames and deletes passkeys, then signs in with the button and through autofill', async ({
  demo,
  page,
  request,
}) => {
  const email = uniqueEmail('pat');
  const passkeys = new PasskeyManager(page);
  const passkeyButton = demo.widget.root.getByRole('button', { name: 'Log in with a Passkey' });
  const laptop = await VirtualAuthenticator.attach(page);

  await test.step('signed in by magic link, a person without passkeys is offered to set one up', async () => {
    await page.goto(PAGE);
    await demo.widget.requestMagicLink(email);
    const [message] = await waitForMessages(request, email);
    await page.goto(magicLinkIn(message!));
    await demo.expectSignedIn(email);
    await expect(passkeys.title).toHaveText('Set up a new Passkey');
    await expect(passkeys.skipButton).toBeVisible();
    await snapshotAtBothWidths(page, '40-passkey-start');
    await expectNoAxeViolations(page);
  });

  await test.step('"Create a Passkey" registers the laptop, named after the browser and system', async () => {
    const registration = page.waitForRequest(isRegistration);
    await passkeys.createButton.click();
    expect(registeredAaguid(await registration)).toBe(VIRTUAL_AUTHENTICATOR_AAGUID);
    await expect(passkeys.successHeading).toBeVisible();
    await passkeys.expectNames([BROWSER_NAME]);
    expect(await laptop.credentials()).toHaveLength(1);
    await snapshotAtBothWidths(page, '41-passkey-created');
    await expectNoAxeViolations(page);
  });

  await test.step('"Done" leaves the list titled as the list, not as a success', async () => {
    await passkeys.doneButton.click();
    await expect(demo.status).toHaveText('Your passkeys are saved.');
    await expect(passkeys.title).toHaveText('Existing Passkeys');
    await expect(passkeys.successHeading).toHaveCount(0);
    await passkeys.expectNames([BROWSER_NAME]);
    await snapshotAtBothWidths(page, '42-passkey-list-after-done');
  });

  await test.step('after a reload the account page opens on the list, with no "Skip" to press', async () => {
    await page.reload();
    await demo.expectSignedIn(email);
    await passkeys.expectNames([BROWSER_NAME]);
    await expect(passkeys.title).toHaveText('Existing Passkeys');
    await expect(passkeys.skipButton).toHaveCount(0);
    await expect(passkeys.startHeading).toHaveCount(0);
    await snapshotAtBothWidths(page, '43-passkey-list-after-reload');
    await expectNoAxeViolations(page);
  });

  await test.step('the same authenticator again is refused with the "already registered" text', async () => {
    await passkeys.setUpAnotherButton.click();
    await expect(passkeys.title).toHaveText('Set up a new Passkey');
    await passkeys.createButton.click();
    await expect(passkeys.error).toContainText('it seems to be already registered');
    await expect(passkeys.startHeading).toBeVisible();
    await snapshot(page, '44-passkey-already-registered');
  });

  await test.step('a cancelled ceremony leaves nothing behind and says how to retry', async () => {
    await laptop.setUserVerified(false);
    await passkeys.createButton.click();
    await expect(passkeys.error).toContainText('Your Passkey was not created.');
    await snapshot(page, '45-passkey-not-created');
    await laptop.setUserVerified(true);
  });

  let phone: VirtualAuthenticator;
  await test.step('a second device in the same browser gets the same name, numbered', async () => {
    await laptop.remove();
    phone = await VirtualAuthenticator.attach(page);
    await passkeys.createButton.click();
    await expect(passkeys.successHeading).toBeVisible();
    await passkeys.expectNames([BROWSER_NAME, `${BROWSER_NAME} 2`]);
    expect(await phone.credentials()).toHaveLength(1);
    await snapshotAtBothWidths(page, '46-passkey-second-numbered');
  });

  await test.step('renaming is inline, keeps the success title, and the name survives a reload', async () => {
    await passkeys.rename(BROWSER_NAME, 'Work laptop');
    await passkeys.expectNames(['Work laptop', `${BROWSER_NAME} 2`]);
    await expect(passkeys.title).toHaveText('Passkey successfully created!');
    await page.reload();
    await passkeys.expectNames(['Work laptop', `${BROWSER_NAME} 2`]);
    await expect(passkeys.title).toHaveText('Existing Passkeys');
  });

  await test.step("editing one row disables the other rows' edit buttons", async () => {
    const others = passkeys.root.getByRole('button', { name: `Rename ${BROWSER_NAME} 2`, exact: true });
    await passkeys.root.getByRole('button', { name: 'Rename Work laptop' }).click();
    await expect(others).toBeDisabled();
    await snapshotAtBothWidths(page, '47-passkey-renaming');
    await passkeys.root.getByRole('textbox', { name: 'Passkey name' }).press('Escape');
    await expect(others).toBeEnabled();
  });

  await test.step("deleting asks first, then removes the laptop's passkey for good", async () => {
    await passkeys
      .row('Work laptop')
      .getByRole('button', { name: /^Delete/ })
      .click();
    await expect(passkeys.root.getByText('Once deleted, the passkey cannot be restored.')).toBeVisible();
    await snapshotAtBothWidths(page, '48-passkey-delete-confirm');
    await passkeys.root.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(passkeys.rows).toHaveCount(1);
    await expect(passkeys.row('Work laptop')).toHaveCount(0);
    await page.reload();
    await passkeys.expectNames([`${BROWSER_NAME} 2`]);
  });

  await test.step('signed out, "Log in with a Passkey" signs in with the phone', async () => {
    // Until the button is pressed, the autofill request waits as if nobody touched the phone.
    await phone!.setPresence(false);
    await demo.logoutButton.click();
    await expect(passkeyButton).toBeVisible();
    await expect(demo.widget.emailInput).toHaveAttribute('autocomplete', 'username webauthn');
    await snapshot(page, '49-main-with-passkey');
    await expectNoAxeViolations(page);
    await phone!.setPresence(true);
    await passkeyButton.click();
    await demo.expectSignedIn(email);
    // Signed in again, the account page opens on the passkey that signed in.
    await passkeys.expectNames([`${BROWSER_NAME} 2`]);
    await expect(passkeys.title).toHaveText('Existing Passkeys');
    await snapshot(page, '50-signed-in-with-passkey');
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
