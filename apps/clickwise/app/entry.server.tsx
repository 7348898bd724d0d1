/** Server rendering: whole documents (every page works with JavaScript off), plus the app's startup. */
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { configFromEnv } from './.server/config.js';
import { createAppContext } from './.server/context.js';
import { ensureDevWebhookEndpointInBackground } from './.server/dev-webhook-endpoint.js';

export { originForm } from './.server/origin-form.js';

export const streamTimeout = 10_000;

/** Called once by server/main.mjs before it listens: opens and migrates the database. */
export async function startApp(env: NodeJS.ProcessEnv, repoRoot: string): Promise<AppLoadContext> {
  const clickwise = await createAppContext(configFromEnv(env, repoRoot));
  const { devWebhookFile, publicOrigin } = clickwise.config;
  // Not awaited: the site serves pages while the provider (started alongside) comes up.
  if (devWebhookFile) {
    void ensureDevWebhookEndpointInBackground(clickwise.latchkey, { file: devWebhookFile, publicOrigin });
  }
  return { clickwise };
}

/** Security headers of every page. */
const PAGE_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'same-origin',
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        // Wait for everything: crawlers and visitors without JavaScript get the full page.
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          for (const [name, value] of Object.entries(PAGE_HEADERS))
            if (!responseHeaders.has(name)) responseHeaders.set(name, value);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
