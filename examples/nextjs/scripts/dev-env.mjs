// Writes .env.local for the provider `npm start` runs at the repository root: its dev project
// (.data/dev-project.json, or LATCHKEY_DATA_DIR) on http://localhost:4000 (or PROVIDER_URL).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dataDir = process.env.LATCHKEY_DATA_DIR ?? new URL('../../../.data', import.meta.url).pathname;
const project = JSON.parse(readFileSync(join(dataDir, 'dev-project.json'), 'utf8'));
const lines = [
  `LATCHKEY_PROVIDER_URL=${process.env.PROVIDER_URL ?? 'http://localhost:4000'}`,
  `LATCHKEY_PROJECT_ID=${project.project_id}`,
  `LATCHKEY_PUBLIC_TOKEN=${project.public_token}`,
  `LATCHKEY_SECRET=${project.secret}`,
];
writeFileSync(new URL('../.env.local', import.meta.url), `${lines.join('\n')}\n`, { mode: 0o600 });
console.log('Wrote examples/nextjs/.env.local for project', project.project_id);
