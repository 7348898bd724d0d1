// The console is a single-page app the provider serves at /console/ (apps/provider's console
// feature): hashed assets under /console/assets/, one index.html for every deep URL.
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/console/',
  // The automatic JSX runtime, as tsconfig's "jsx": "react-jsx" (no React plugin needed to build).
  oxc: { jsx: { runtime: 'automatic' } },
  build: { outDir: 'dist/site', emptyOutDir: true, sourcemap: true, assetsInlineLimit: 0 },
});
