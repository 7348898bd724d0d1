/**
 * @module console.plugin — serves the admin console (apps/console) at /console/ when its build is
 * present (`npm start` builds it; a provider without it simply has no console). The console's
 * JavaScript is loaded only by its own page: nothing else the provider serves refers to it.
 */
import { featurePlugin } from '../../feature-plugin.js';
import { consoleRoutes } from './console.routes.js';
import { readConsoleFiles } from './console-files.js';

export const consolePlugin = featurePlugin('console', [], async (app, { config }) => {
  if (config.consoleDir === undefined) return;
  const files = readConsoleFiles(config.consoleDir);
  if (!files) {
    app.log.warn({ console_dir: config.consoleDir }, 'no console build here: /console/ is not served');
    return;
  }
  app.register(consoleRoutes, { files });
});
