/**
 * @module routes — the console's addresses (under /console/): every page has its own URL, so it
 * can be shared and reloaded (the provider answers index.html for any of them).
 */
import { createBrowserRouter, Navigate } from 'react-router';
import { OperatorAuditLogPage, ProjectAuditLogPage } from './audit/audit-log-page.js';
import { ConsoleBoot } from './auth/console-boot.js';
import { OperatorGate } from './auth/operator-gate.js';
import { Shell } from './components/shell.js';
import { StartingPage } from './components/status.js';
import { EmailsPage } from './emails/emails-page.js';
import { OperatorsPage } from './operators/operators-page.js';
import { AccountPage } from './pages/account-page.js';
import { InvitePage } from './pages/invite-page.js';
import { KeysPage } from './pages/keys-page.js';
import { NotFoundPage } from './pages/not-found-page.js';
import { OAuthProvidersPage } from './pages/oauth-providers-page.js';
import { OAuthTestPage } from './pages/oauth-test-page.js';
import { ProjectSettingsPage } from './pages/project-settings-page.js';
import { ProjectsPage } from './pages/projects-page.js';
import { UserPage } from './pages/users/user-page.js';
import { UsersPage } from './pages/users/users-page.js';
import { EndpointPage } from './pages/webhooks/endpoint-page.js';
import { WebhooksPage } from './pages/webhooks/webhooks-page.js';

export function createConsoleRouter() {
  return createBrowserRouter(
    [
      { path: '/oauth-test', element: <OAuthTestPage /> },
      {
        path: '/invite',
        element: (
          <ConsoleBoot>
            <InvitePage />
          </ConsoleBoot>
        ),
      },
      {
        path: '/',
        element: (
          <ConsoleBoot>
            <OperatorGate>
              <Shell />
            </OperatorGate>
          </ConsoleBoot>
        ),
        // Opening the activity page's address loads its chunk before anything renders: say so
        // rather than leave the page blank.
        hydrateFallbackElement: <StartingPage label="Loading the console…" />,
        children: [
          { index: true, element: <Navigate to="/projects" replace /> },
          { path: 'projects', element: <ProjectsPage /> },
          // A project opens on its users, the page operators use most.
          { path: 'projects/:projectId', element: <Navigate to="users" replace /> },
          { path: 'projects/:projectId/settings', element: <ProjectSettingsPage /> },
          { path: 'projects/:projectId/oauth', element: <OAuthProvidersPage /> },
          { path: 'projects/:projectId/keys', element: <KeysPage /> },
          { path: 'account', element: <AccountPage /> },
          // Activity, audit log, emails, operators (issue 21). The charts' library loads with the activity page only.
          {
            path: 'projects/:projectId/activity',
            lazy: async () => ({ Component: (await import('./activity/activity-page.js')).ActivityPage }),
          },
          { path: 'projects/:projectId/audit', element: <ProjectAuditLogPage /> },
          { path: 'projects/:projectId/emails', element: <EmailsPage /> },
          { path: 'audit', element: <OperatorAuditLogPage /> },
          { path: 'operators', element: <OperatorsPage /> },
          { path: 'projects/:projectId/webhooks', element: <WebhooksPage /> },
          { path: 'projects/:projectId/webhooks/:endpointId', element: <EndpointPage /> },
          { path: 'projects/:projectId/users', element: <UsersPage /> },
          { path: 'projects/:projectId/users/:userId', element: <UserPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
    { basename: '/console' },
  );
}
