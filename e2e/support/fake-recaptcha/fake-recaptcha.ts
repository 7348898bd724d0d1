// The end-to-end stack's "reCAPTCHA Enterprise": the assessments API the provider asks about each
// captcha token, and a stand-in for Google's enterprise.js that hands the page tokens from here.
// The provider's side is not mocked: it posts its real assessment request and reads the answer.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/** `good` tokens pass their assessment; `bad` ones are invalid; `low-score` ones are valid but score 0.1. */
export type FakeRecaptchaMode = 'good' | 'bad' | 'low-score';

export interface FakeRecaptchaOptions {
  port: number;
  /** The only `?key=` the assessments API accepts. */
  apiKey: string;
}

export interface FakeRecaptcha {
  url: string;
  close(): Promise<void>;
}

/** One assessment the provider asked for, as the tests can read it back. */
export interface AssessmentRecord {
  token: string;
  siteKey: string;
  expectedAction: string;
  verdict: 'valid' | 'invalid' | 'low-score';
}

const scriptUrl = new URL('./enterprise.js', import.meta.url);

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'access-control-allow-origin': '*',
    'cache-control': 'no-store',
  });
  res.end(JSON.stringify(body));
}

export function startFakeRecaptcha(options: FakeRecaptchaOptions): Promise<FakeRecaptcha> {
  let mode: FakeRecaptchaMode = 'good';
  /** Tokens handed to pages, with the verdict their assessment gives. */
  const issued = new Map<string, FakeRecaptchaMode>();
  const assessments: AssessmentRecord[] = [];
  const script = readFileSync(scriptUrl, 'utf8');

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    try {
      if (req.method === 'GET' && url.pathname === '/recaptcha/enterprise.js') {
        // The real script takes `?render={siteKey}`; the stand-in only needs to know where it lives.
        res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
        res.end(script.replace('__FAKE_RECAPTCHA_ORIGIN__', `http://127.0.0.1:${options.port}`));
        return;
      }
      if (req.method === 'POST' && url.pathname === '/recaptcha/token') {
        // Sent as text/plain by the script (no CORS preflight); the body names the site key and action.
        const body = await readJson(req);
        const token = `fake-recaptcha-${mode}-${randomUUID()}`;
        issued.set(token, body.action === 'LOGIN' ? mode : 'bad');
        sendJson(res, 200, { token });
        return;
      }
      if (req.method === 'POST' && url.pathname.endsWith('/assessments')) {
        if (url.searchParams.get('key') !== options.apiKey) {
          sendJson(res, 403, {
            error: { code: 403, message: 'API key not valid', status: 'PERMISSION_DENIED' },
          });
          return;
        }
        const event = ((await readJson(req)).event ?? {}) as Record<string, string>;
        const kind = issued.get(event.token ?? '') ?? 'bad';
        const verdict = kind === 'good' ? 'valid' : kind === 'low-score' ? 'low-score' : 'invalid';
        assessments.push({
          token: event.token ?? '',
          siteKey: event.siteKey ?? '',
          expectedAction: event.expectedAction ?? '',
          verdict,
        });
        sendJson(res, 200, {
          name: `projects/e2e/assessments/${randomUUID()}`,
          event,
          tokenProperties:
            verdict === 'invalid'
              ? { valid: false, invalidReason: 'MALFORMED', action: '' }
              : { valid: true, invalidReason: 'INVALID_REASON_UNSPECIFIED', action: 'LOGIN' },
          riskAnalysis: { score: verdict === 'valid' ? 0.9 : verdict === 'low-score' ? 0.1 : 0, reasons: [] },
        });
        return;
      }
      if (req.method === 'POST' && url.pathname === '/control/mode') {
        const next = (await readJson(req)).mode;
        if (next !== 'good' && next !== 'bad' && next !== 'low-score') {
          sendJson(res, 400, { error: 'mode must be good, bad or low-score' });
          return;
        }
        mode = next;
        sendJson(res, 200, { mode });
        return;
      }
      if (req.method === 'GET' && url.pathname === '/control/assessments') {
        sendJson(res, 200, { assessments });
        return;
      }
      sendJson(res, 404, { error: 'not found' });
    } catch (error) {
      sendJson(res, 500, { error: String(error) });
    }
  });

  return new Promise((resolve) => {
    server.listen(options.port, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${options.port}`,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}
