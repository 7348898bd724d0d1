/** The client tests' `it` ends every test client with its test, and `signedIn` seeds a session that stays put. */
import { describe, expect, type MockInstance, vi } from 'vitest';
import { it } from './client-test.js';
import { createTestClient, destroyTestClients, PUBLIC_TOKEN, settle } from './fakes.js';
import { makeSession } from './wire-objects.js';

describe('it from client-test', () => {
  // Filled by one test and read by the next: the fixture runs between them (tests in a file run in order).
  const destroys: MockInstance[] = [];

  it('leaves the clients a test builds alive while it runs', () => {
    for (let i = 0; i < 2; i++) destroys.push(vi.spyOn(createTestClient().client, 'destroy'));
    expect(destroys.map((spy) => spy.mock.calls.length)).toEqual([0, 0]);
  });

  it('destroyed each of them once when that test ended', () => {
    expect(destroys.map((spy) => spy.mock.calls.length)).toEqual([1, 1]);
    destroys.length = 0;
  });

  it('keeps a mid-test destroyTestClients(): the first clients end there, the later ones with the test', () => {
    destroys.push(vi.spyOn(createTestClient().client, 'destroy'));
    destroyTestClients();
    destroys.push(vi.spyOn(createTestClient().client, 'destroy'));
    expect(destroys.map((spy) => spy.mock.calls.length)).toEqual([1, 0]);
  });

  it('then ended only the later client', () => {
    expect(destroys.map((spy) => spy.mock.calls.length)).toEqual([1, 1]);
  });
});

describe('createTestClient({ signedIn: true })', () => {
  it('starts signed in and keeps the start-up refresh pending, so the seeded state stays', async () => {
    const { client, fetch, storage } = createTestClient({ signedIn: true });
    await settle();
    expect(client.session.getSync()).toEqual(makeSession());
    expect(fetch.calls('POST /sessions/authenticate').length).toBeLessThanOrEqual(1);
    expect(JSON.parse(storage.getItem(`stytch_sdk_state_${PUBLIC_TOKEN}`)!).session).toEqual(makeSession());
  });
});
