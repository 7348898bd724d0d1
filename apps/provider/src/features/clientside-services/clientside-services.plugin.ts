/** @module clientside-services.plugin — the pages the widget frames (captcha, phone number helpers). */
import { featurePlugin } from '../../feature-plugin.js';
import { clientsideServicesRoutes } from './clientside-services.routes.js';

export const clientsideServicesPlugin = featurePlugin('clientside-services', [], async (app) => {
  app.register(clientsideServicesRoutes);
});
