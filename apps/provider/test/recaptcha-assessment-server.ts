/** A reCAPTCHA Enterprise assessments API on 127.0.0.1 for tests: real HTTP, verdicts the test hands out. */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileScoped } from './file-scoped.js';

/** How the server answers: assessments, a 500, a body that is no assessment, or never (the caller's timeout must end it). */
export type AssessmentApiMode = 'ok' | 'error' | 'malformed' | 'hang';

/** What the API says about one token; unknown tokens are `valid: false`. */
export interface TokenVerdict {
  valid: boolean;
  action: string;
  score: number;
}

/** One request the server saw. */
export interface SeenAssessment {
  path: string;
  key: string | null;
  body: unknown;
}

export interface AssessmentApiServer {
  /** The assessments URL to configure, e.g. `http://127.0.0.1:5123/v1/projects/demo/assessments`. */
  url: string;
  requests: SeenAssessment[];
  mode: AssessmentApiMode;
  /** A fresh token the API will judge as `verdict` says (valid, LOGIN, 0.9 unless overridden). */
  token(verdict?: Partial<TokenVerdict>): string;
  close(): Promise<void>;
}

/** The API key the tests configure; requests with another key get 403, as Google's would. */
export const TEST_RECAPTCHA_API_KEY = 'test-recaptcha-api-key';

/** Starts the server. */
export async function startAssessmentApi(): Promise<AssessmentApiServer> {
  const verdicts = new Map<string, TokenVerdict>();
  let server: Server | undefined;
  const api: AssessmentApiServer = {
    url: '',
    requests: [],
    mode: 'ok',
    token: (verdict = {}) => {
      const token = `03A${randomBytes(24).toString('base64url')}`;
      verdicts.set(token, { valid: true, action: 'LOGIN', score: 0.9, ...verdict });
      return token;
    },
    close: () =>
      new Promise((resolve) => {
        server?.closeAllConnections();
        server?.close(() => resolve());
      }),
  };
  server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const text = Buffer.concat(await request.toArray()).toString('utf8');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    api.requests.push({ path: url.pathname, key: url.searchParams.get('key'), body });
    if (api.mode === 'hang') return;
    if (api.mode === 'error') {
      response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"code":500}}');
      return;
    }
    if (api.mode === 'malformed') {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"name":"projects/demo/assessments/1"}');
      return;
    }
    if (request.method !== 'POST' || url.searchParams.get('key') !== TEST_RECAPTCHA_API_KEY) {
      response.writeHead(403, { 'content-type': 'application/json' }).end('{"error":{"code":403}}');
      return;
    }
    const event = (body as { event?: { token?: string; expectedAction?: string } }).event ?? {};
    const verdict = verdicts.get(event.token ?? '');
    const answer = verdict
      ? {
          tokenProperties: { valid: verdict.valid, action: verdict.action, hostname: 'localhost' },
          riskAnalysis: { score: verdict.score, reasons: [] },
          event: { ...event },
        }
      : { tokenProperties: { valid: false, invalidReason: 'MALFORMED' }, riskAnalysis: { score: 0 } };
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  // Longer than any test's pauses: a POST sent on a keep-alive socket the server is closing fails
  // ('other side closed') and fetch does not retry it.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/projects/demo/assessments`;
  return api;
}

/** A loopback URL on which nothing listens (a port just released). */
export async function closedPortUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1/projects/demo/assessments`;
}

/**
 * The file's (or describe block's) assessment API: started before the first test, closed after the
 * last. A context whose options name its URL reads them when its own hook runs, after this one.
 */
export function useAssessmentApi(): AssessmentApiServer {
  return fileScoped('the assessment API', startAssessmentApi, (api) => api.close());
}
