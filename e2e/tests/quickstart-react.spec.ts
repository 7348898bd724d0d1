// docs/quickstart-react.md, followed literally: its files (the code blocks tagged with a path) go
// into a Vite React app that installs the packed packages, which type-checks, builds, and signs
// a person in with a magic link from the dev outbox against the real provider, stays signed in
// across a reload and signs out. The guide's provider is this stack's (not `npx latchkey-provider
// start`: the pack-and-install test runs that bin from its tarball).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { packPackages } from '../../scripts/pack-packages.mjs';
import { codeFiles, extractCodeBlocks } from '../support/extract-doc-code.js';
import { expect, snapshot, test } from '../support/fixtures.js';
import { magicLinkIn, uniqueEmail, waitForMessages } from '../support/outbox.js';
import { installScratchApp, repoRoot, writeFiles } from '../support/scratch-app.js';
import { e2eDataDir, providerUrl } from '../support/stack.js';

const guide = join(repoRoot, 'docs/quickstart-react.md');
const work = join(repoRoot, '.tmp/quickstart-react');
const app = join(work, 'my-app');
/** A port of this spec's own, beside the stack's (e2e/support/stack.ts). */
const appPort = 4660;
const appUrl = `http://localhost:${appPort}`;

/**
 * What `npm create vite@latest my-app -- --template react-ts` leaves that the guide does not
 * replace: the page, Vite's types for import.meta.env, the compiler settings. The JSX runtime is
 * configured in Vite itself rather than through the template's @vitejs/plugin-react, which this
 * repository does not install (the build is the same for the guide's code).
 */
const template = {
  'index.html': [
    '<!doctype html>',
    '<html lang="en">',
    '  <head><meta charset="UTF-8" /><title>my-app</title></head>',
    '  <body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>',
    '</html>',
    '',
  ].join('\n'),
  'src/vite-env.d.ts': '/// <reference types="vite/client" />\n',
  'vite.config.ts': [
    "import { defineConfig } from 'vite';",
    "export default defineConfig({ oxc: { jsx: { runtime: 'automatic' } } });",
    '',
  ].join('\n'),
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      module: 'ESNext',
      moduleResolution: 'bundler',
      jsx: 'react-jsx',
      strict: true,
      noUnusedLocals: true,
      noEmit: true,
      skipLibCheck: true,
      types: ['vite/client'],
    },
    include: ['src'],
  }),
};

let preview: ChildProcess | undefined;
test.afterAll(() => {
  preview?.kill('SIGTERM');
});

test('the React (Vite) quickstart: its code signs in, stays signed in on reload and signs out', async ({
  page,
  request,
}) => {
  // Packing, installing and building on a loaded 2-core box: a hang detector, not a speed limit.
  test.setTimeout(900_000);
  const email = uniqueEmail('quickstart');

  await test.step('the app is made from the guide: its install command and its files', async () => {
    const commands = extractCodeBlocks(guide)
      .filter((block) => block.lang === 'sh' && block.file === undefined)
      .map((block) => block.code)
      .join('');
    expect(commands).toContain('npm install @latchkey/react @latchkey/client\n');
    const files = codeFiles(guide);
    expect(Object.keys(files).sort()).toEqual([
      '.env.local',
      'src/App.tsx',
      'src/latchkey.ts',
      'src/main.tsx',
    ]);
    // The guide's variables, with this stack's provider and development project as their values.
    const variables = (files['.env.local'] as string)
      .trim()
      .split('\n')
      .map((line) => line.split('=')[0]);
    expect(variables).toEqual(['VITE_LATCHKEY_URL', 'VITE_LATCHKEY_PUBLIC_TOKEN']);
    const { public_token } = JSON.parse(readFileSync(join(e2eDataDir, 'dev-project.json'), 'utf8')) as {
      public_token: string;
    };
    files['.env.local'] = `VITE_LATCHKEY_URL=${providerUrl}\nVITE_LATCHKEY_PUBLIC_TOKEN=${public_token}\n`;

    rmSync(work, { recursive: true, force: true });
    const tarballs = packPackages(join(work, 'packs'), [
      '@latchkey/wire',
      '@latchkey/client',
      '@latchkey/react',
    ]);
    installScratchApp({
      dir: app,
      tarballs,
      thirdParty: ['react', 'react-dom', 'vite', '@types/react', '@types/react-dom'],
    });
    writeFiles(app, { ...template, ...files });
    const tsc = join(repoRoot, 'node_modules/@typescript/native/bin/tsc');
    execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: app, stdio: 'inherit' });
    const vite = join(app, 'node_modules/vite/bin/vite.js');
    execFileSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: app, stdio: 'inherit' });
    preview = spawn(process.execPath, [vite, 'preview', '--port', String(appPort), '--strictPort'], {
      cwd: app,
      stdio: 'ignore',
    });
    await expect(async () => expect((await request.get(appUrl)).ok()).toBe(true)).toPass({ timeout: 60_000 });
  });

  await test.step('the widget asks for an email and sends the link', async () => {
    await page.goto(appUrl);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: /continue with email/i }).click();
    await expect(page.getByRole('heading', { name: /check your email/i })).toBeVisible();
    await snapshot(page, 'quickstart-react-01-check-email');
  });

  await test.step('the link from the dev outbox signs the person in, and the app shows who', async () => {
    const [message] = await waitForMessages(request, email);
    const link = magicLinkIn(message!);
    expect(link.startsWith(`${appUrl}/?`) || link.startsWith(`${appUrl}?`)).toBe(true);
    await page.goto(link);
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    await expect(page).toHaveURL(`${appUrl}/`); // the token left the address bar
    await snapshot(page, 'quickstart-react-02-signed-in');
  });

  await test.step('a reload stays signed in', async () => {
    await page.reload();
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  });

  await test.step('"Sign out" ends the session and brings the widget back, after a reload too', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
    await expect(page.getByText('Signed in as')).toHaveCount(0);
    await snapshot(page, 'quickstart-react-03-signed-out');
  });
});
