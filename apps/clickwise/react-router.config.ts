// React Router framework mode: every page is rendered on the server, then hydrated.
import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  // Under dist/ so that git and biome ignore the build, as for the other workspaces.
  buildDirectory: 'dist/site',
  ssr: true,
} satisfies Config;
