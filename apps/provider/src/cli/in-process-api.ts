/**
 * @module in-process-api — the administration API of an app built in this process on the
 * database, for when no provider is running (e.g. `npm start` makes Clickwise's project before
 * the provider starts). The same routes run, with a one-off operator key that exists only in
 * this process's memory.
 */
import { buildApp } from '../app.js';
import { systemClock } from '../clock.js';
import type { ProviderConfig } from '../config.js';
import { openDatabase } from '../db/open-database.js';
import type { Mailer } from '../email/mailer.js';
import { cryptoRandom } from '../random.js';
import { answerOf, type OperatorApi } from './operator-api.js';

/** No administration call sends mail; a mailer that is ever asked to is a bug. */
const noMailer: Mailer = {
  send: async () => {
    throw new Error('the CLI sends no mail');
  },
};

/** Opens the database (PGlite takes its lock) and builds the app; `close` releases both. */
export async function openInProcessApi(
  config: ProviderConfig,
): Promise<{ api: OperatorApi; close: () => Promise<void> }> {
  const database = await openDatabase(config);
  const oneOffKey = Buffer.from(cryptoRandom.bytes(32)).toString('base64url');
  const app = buildApp(
    { ...config, operatorKey: oneOffKey },
    {
      db: database.db,
      clock: systemClock,
      random: cryptoRandom,
      mailer: noMailer,
      delivery: { autoStart: false },
    },
  );
  try {
    await app.ready();
  } catch (error) {
    await database.close();
    throw error;
  }
  const api: OperatorApi = async ({ method, path, body }) => {
    const answer = await app.inject({
      method,
      url: path,
      headers: {
        authorization: `Bearer ${oneOffKey}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return answerOf(answer.statusCode, answer.body);
  };
  return {
    api,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
