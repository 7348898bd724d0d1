import { describe } from 'vitest';
import { useFakeServerApi } from '../test/helpers/fake-server-api.js';
import {
  itPostsEachCall,
  itThrowsProviderErrorsAndNeedsTheSecret,
  type PostingCall,
} from '../test/helpers/namespace-contract.js';

const api = useFakeServerApi();

describe('passwords', () => {
  const calls: PostingCall[] = [
    ['create', (c, r) => c.passwords.create(r as never), '/v1/passwords'],
    ['authenticate', (c, r) => c.passwords.authenticate(r as never), '/v1/passwords/authenticate'],
    ['strengthCheck', (c, r) => c.passwords.strengthCheck(r as never), '/v1/passwords/strength_check'],
    ['migrate', (c, r) => c.passwords.migrate(r as never), '/v1/passwords/migrate'],
    [
      'email.resetStart',
      (c, r) => c.passwords.email.resetStart(r as never),
      '/v1/passwords/email/reset/start',
    ],
    ['email.reset', (c, r) => c.passwords.email.reset(r as never), '/v1/passwords/email/reset'],
    [
      'existingPassword.reset',
      (c, r) => c.passwords.existingPassword.reset(r as never),
      '/v1/passwords/existing_password/reset',
    ],
    ['sessions.reset', (c, r) => c.passwords.sessions.reset(r as never), '/v1/passwords/session/reset'],
  ];

  itPostsEachCall(
    api,
    calls,
    { email: 'ada@example.com', password: 'violet-harbour-kettle-73-marmalade' },
    { user_id: 'user-test-0001' },
  );

  itThrowsProviderErrorsAndNeedsTheSecret(api, 'unauthorized_credentials', (client) =>
    client.passwords.authenticate({ email: 'a@example.com', password: 'x' }),
  );
});
