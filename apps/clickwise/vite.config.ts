import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  // The workspace packages are bundled from their built dist/ (what an integrator installs).
  build: { sourcemap: true },
});
