// Takes the README's Theming pictures (docs/images/theming-*.png): the script-tag widget, as built in
// dist/standalone (`npm run build -w @latchkey/react` first), in three looks — the default, dark, and
// a custom brand — at desktop width (the README's) and at 360 px (for a look, in .tmp/e2e-screenshots/). The page is served from memory and its
// client points at no provider: the first screen (Main) needs none, and the OAuth buttons show
// every configured provider when the bootstrap cannot be fetched.
// Usage: node packages/react/scripts/theming-screenshots.mjs [outDir]
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = join(packageDir, '../..');
const outDir = process.argv[2] ?? join(repoDir, 'docs/images');
const ORIGIN = 'http://theming.test';

const config = {
  products: ['oauth', 'emailMagicLinks'],
  oauthOptions: {
    loginRedirectURL: `${ORIGIN}/authenticate`,
    signupRedirectURL: `${ORIGIN}/authenticate`,
    providers: [{ type: 'google' }, { type: 'github' }],
  },
  emailMagicLinksOptions: {
    loginRedirectURL: `${ORIGIN}/authenticate`,
    signupRedirectURL: `${ORIGIN}/authenticate`,
  },
};

/** Each look: the page's background and CSS, and the widget's `appearance`. */
const looks = [
  { name: 'light', background: '#f4f6f8', css: '', appearance: {} },
  { name: 'dark', background: '#0b1217', css: '', appearance: { colorScheme: 'dark' } },
  {
    name: 'brand',
    background: '#f3effa',
    // The host's classes, at the widget's specificity so they win over its rules.
    css: `.lk-root .brand-cta { text-transform: uppercase; letter-spacing: 0.06em; box-shadow: 0 6px 16px rgb(91 33 182 / 0.35); }
          .lk-root .brand-title { font-style: italic; }`,
    appearance: {
      variables: {
        colorPrimary: '#5b21b6',
        colorBackground: '#fdfbff',
        colorBorder: '#d9cdf0',
        colorText: '#2e1065',
        borderRadius: 10,
        fontFamily: 'Georgia, "Times New Roman", serif',
        spacing: 18,
      },
      elements: { primaryButton: 'brand-cta', headline: 'brand-title' },
    },
  },
];

function pageHtml(look) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Theming: ${look.name}</title>
<style>body { margin: 0; padding: 32px 16px; background: ${look.background}; display: flex; justify-content: center; } ${look.css}</style>
</head><body><div id="login"></div>
<script src="${ORIGIN}/latchkey-widget.js"></script>
<script>
  const client = Latchkey.createLatchkeyClient({ publicToken: 'public-token-test-theming', baseUrl: 'http://127.0.0.1:9' });
  Latchkey.mountLogin({ elementId: '#login', client, config: ${JSON.stringify(config)}, appearance: ${JSON.stringify(look.appearance)} });
</script></body></html>`;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  for (const look of looks) {
    for (const width of [720, 360]) {
      const page = await browser.newPage({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
      await page.route(`${ORIGIN}/**`, async (route) => {
        const path = new URL(route.request().url()).pathname;
        if (path === '/') return route.fulfill({ contentType: 'text/html', body: pageHtml(look) });
        const file = join(packageDir, 'dist/standalone', path.slice(1));
        const body = await readFile(file).catch(() => null);
        return body
          ? route.fulfill({ contentType: 'text/javascript', body })
          : route.fulfill({ status: 404 });
      });
      await page.goto(`${ORIGIN}/`);
      // Main with its provider buttons (shown once the bootstrap fetch has failed) and the email form.
      await page.getByRole('button', { name: 'Continue with GitHub' }).waitFor();
      await page.getByLabel('Email').waitFor();
      const file =
        width === 360
          ? join(repoDir, '.tmp/e2e-screenshots', `theming-${look.name}-360.png`)
          : join(outDir, `theming-${look.name}.png`);
      await page.locator('body').screenshot({ path: file });
      console.log(`wrote ${file}`);
      await page.close();
    }
  }
} finally {
  await browser.close();
}
