/**
 * Applied migrations never change: each one's up() and down() must compile to the SQL they compiled
 * to when it shipped, whatever the shared helpers they call (migration-shapes.ts) become. Compiled
 * by Kysely against a recording driver, so no database is needed.
 */
import { createHash } from 'node:crypto';
import { DummyDriver, Kysely, type QueryResult } from 'kysely';
import { expect, it } from 'vitest';
import { compilingDialect } from './compiled-statement.js';
import { migrations } from './migrate.js';

/** SHA-256 (hex, first 16) of the statements each shipped migration's up() then down() sends, parameters included. */
const FROZEN: Record<string, string> = {
  '2026_11_22_090000_create_projects': '79aaa47971af7ebc',
  '2026_11_22_090100_create_users': '8e58a947ed57fb4f',
  '2026_11_22_090200_create_magic_links': '960afe9b7c133557',
  '2026_11_22_090300_create_sessions': '50c76a8b559a3052',
  '2026_11_22_090400_create_signing_keys': 'ea0c79a8ebfba6f2',
  '2026_11_22_090500_create_outbox_messages': '0107fc3cfb3e3258',
  '2026_11_22_090600_create_sdk_events': '55feee5b68ceef26',
  '2026_11_22_100000_create_rate_limit_buckets': 'bc46eee6bbf73fd6',
  '2026_11_22_100100_add_projects_send_limits': '266a513746d1677e',
  '2026_11_22_110000_create_phone_numbers': '880ab0184131cf16',
  '2026_11_22_110100_create_otp_codes': '0b6c2e4f36e491f0',
  '2026_11_22_110200_add_projects_otp_expiration_minutes': 'e8c6cbd6eff28a7e',
  '2026_11_22_120000_create_passwords': '7d3be4279dcb5ccc',
  '2026_11_22_120100_add_passwords_id': '768a67e4449bfa24',
  '2026_11_22_130000_create_webauthn': '34ed2b1d6d2621b2',
  '2026_11_24_100000_create_oauth': '73fc63f011c21474',
  '2026_11_24_110000_create_oauth_one_tap': '66e14f7cb37ea47d',
  '2026_11_24_120000_create_crypto_wallets': '358cb083b00f27d8',
  '2026_11_24_130000_create_totps': 'e940ec1989b987fb',
  '2026_11_24_130100_add_projects_captcha': '50b92cc3bcd06443',
  '2026_11_25_090000_add_totp_recovery_codes_selector': '854c0b191f3b533f',
  '2026_11_26_090000_create_password_lockouts': '1285f3f46294514e',
  '2026_11_26_090100_add_otp_codes_requested_by': 'd32f4e61cce41e66',
  '2026_11_26_100000_create_second_factor_lockouts': 'd719703712125c66',
  '2026_11_26_110000_create_delivery_jobs': '5b250f331a3221a8',
  '2026_11_26_120000_create_passcode_failures': '532bb582492c0895',
  '2026_11_27_060000_add_projects_vertical': '8e5eecfa1fe32fb4',
  '2026_11_28_010000_notify_session_check_changes': '16d0373605ba1f9d',
  '2026_12_01_050000_create_webhooks': 'c62de178a81cf702',
  '2026_12_01_060000_add_project_administration': '337a119227f42baf',
  '2026_12_01_070000_add_session_custom_claims': 'e51eae7270d83cc8',
  '2026_12_01_080000_create_audit_events': 'c324d5c9cf687017',
  '2026_12_02_020000_add_user_external_id_and_roles': 'a35fd287931376e9',
  '2026_12_02_030000_add_project_senders': '5746ff7571bb41c5',
  '2026_12_02_031000_add_operator_audit': '386d33f010167038',
  '2026_12_02_050000_notify_webhook_endpoint_changes': '7d00aff00dfc7ff8',
  '2026_12_02_060000_create_console_operators': 'd64ff28889651931',
  '2026_12_02_070000_create_activity_counts': 'd342d55f11f462a7',
  '2026_12_02_070100_add_user_search_indexes': 'd1d6422c768ded8e',
  '2026_12_03_020000_add_console_operator_sign_ins': '84675ce01de23254',
  '2026_12_04_020000_allow_server_webauthn_challenges': '2259a3b85607b8b1',
  '2026_12_04_050000_add_retention_indexes': '4afc10de9420db35',
  '2026_12_05_010000_add_server_crypto_wallet_challenges': 'b24d200876f02173',
  '2026_12_06_010000_add_webauthn_user_handles': 'c04071c93af27465',
};

/** The statements `run` sends, one a line: the SQL text and its parameters. */
async function compiledStatements(run: (db: Kysely<unknown>) => Promise<void>): Promise<string> {
  const statements: string[] = [];
  class RecordingDriver extends DummyDriver {
    override async acquireConnection() {
      return {
        executeQuery: async <R>(query: {
          sql: string;
          parameters: readonly unknown[];
        }): Promise<QueryResult<R>> => {
          statements.push(`${query.sql}  ${JSON.stringify(query.parameters)}`);
          return { rows: [] };
        },
        streamQuery: async function* () {},
      };
    }
  }
  await run(new Kysely<unknown>({ dialect: compilingDialect(new RecordingDriver()) }));
  return statements.join('\n');
}

// A migration added later is not listed until it ships; list it then, so it is frozen too.
it('every listed migration compiles to the SQL it shipped with', async () => {
  const digests: Record<string, string> = {};
  for (const name of Object.keys(FROZEN)) {
    const migration = migrations[name];
    if (!migration) throw new Error(`${name} is no longer in the migration list`);
    const up = await compiledStatements((db) => migration.up(db));
    const down = await compiledStatements(async (db) => migration.down?.(db));
    digests[name] = createHash('sha256').update(`${up}\n--down\n${down}`).digest('hex').slice(0, 16);
  }
  expect(digests).toEqual(FROZEN);
});
