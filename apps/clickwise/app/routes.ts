import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('estimate', 'routes/estimate.ts'),
  route('how-estimates-work', 'routes/method.tsx'),
  route('user/authenticate', 'routes/user-authenticate.tsx'),
  route('webhooks/latchkey', 'routes/webhooks-latchkey.ts'),
  layout('routes/backend.tsx', [
    route('campaign', 'routes/campaign-new.tsx'),
    route('campaigns', 'routes/campaigns.tsx'),
    route('campaigns/:id', 'routes/campaign.tsx'),
    route('campaigns/:id/edit', 'routes/campaign-edit.tsx'),
    route('account', 'routes/account.tsx'),
  ]),
] satisfies RouteConfig;
