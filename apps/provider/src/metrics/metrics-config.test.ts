/** LATCHKEY_METRICS_*: off unless set; a bad value refuses to start, naming the variable. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';

const load = (env: NodeJS.ProcessEnv) => loadConfig(env, { requireTransports: false });

describe('metrics and traces configuration', () => {
  it('exports nothing and traces nothing by default', () => {
    expect(load({})).toMatchObject({ metrics: undefined, otel: false });
  });

  it('listens on loopback by default when given a port; a token serves the main port', () => {
    expect(load({ LATCHKEY_METRICS_PORT: '9464' }).metrics).toEqual({
      port: 9464,
      host: '127.0.0.1',
      token: undefined,
    });
    const token = 'x'.repeat(32);
    expect(load({ LATCHKEY_METRICS_TOKEN: token }).metrics).toEqual({
      port: undefined,
      host: '127.0.0.1',
      token,
    });
  });

  it('refuses a bad port, a host without a port, and a short token', () => {
    expect(() => load({ LATCHKEY_METRICS_PORT: '70000' })).toThrow(ConfigError);
    expect(() => load({ LATCHKEY_METRICS_PORT: '70000' })).toThrow(/LATCHKEY_METRICS_PORT/);
    expect(() => load({ LATCHKEY_METRICS_HOST: '0.0.0.0' })).toThrow(/LATCHKEY_METRICS_PORT is not/);
    expect(() => load({ LATCHKEY_METRICS_TOKEN: 'short' })).toThrow(/at least 32 characters/);
  });

  it('turns traces on with an OTLP endpoint or LATCHKEY_OTEL=1', () => {
    expect(load({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }).otel).toBe(true);
    expect(load({ LATCHKEY_OTEL: '1' }).otel).toBe(true);
    expect(load({ LATCHKEY_OTEL: '0' }).otel).toBe(false);
  });
});
