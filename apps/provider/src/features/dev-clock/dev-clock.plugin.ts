/** @module dev-clock.plugin — POST /dev/clock moves the provider's clock (development mode, LATCHKEY_DEV_CLOCK=1). */
import { featurePlugin } from '../../feature-plugin.js';
import { devClockRoutes } from './dev-clock.routes.js';

export const devClockPlugin = featurePlugin('dev-clock', [], async (app, { config, deps }) => {
  if (config.mode === 'development' && deps.devClock) app.register(devClockRoutes, { clock: deps.devClock });
});
