import { describe } from 'vitest';
import { useFakeServerApi } from '../test/helpers/fake-server-api.js';
import {
  itPostsEachCall,
  itThrowsProviderErrorsAndNeedsTheSecret,
  type PostingCall,
} from '../test/helpers/namespace-contract.js';

const api = useFakeServerApi();

describe('totps', () => {
  const calls: PostingCall[] = [
    ['create', (c, r) => c.totps.create(r as never), '/v1/totps'],
    ['authenticate', (c, r) => c.totps.authenticate(r as never), '/v1/totps/authenticate'],
    ['recoveryCodes', (c, r) => c.totps.recoveryCodes(r as never), '/v1/totps/recovery_codes'],
    ['recover', (c, r) => c.totps.recover(r as never), '/v1/totps/recover'],
  ];

  itPostsEachCall(
    api,
    calls,
    { user_id: 'user-test-0001', totp_code: '123456', session_token: 'token' },
    { user_id: 'user-test-0001', totp_id: 'totp-test-0001' },
  );

  itThrowsProviderErrorsAndNeedsTheSecret(api, 'invalid_totp_code', (client) =>
    client.totps.authenticate({ user_id: 'user-test-0001', totp_code: '000000', session_token: 't' }),
  );
});
