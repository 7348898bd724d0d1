/** @module prove-address — what a used magic link proves: its address belongs to the link's user. */
import type { DbExecutor } from '../../db/database.js';
import type { EventActor } from '../../domain-events/domain-event.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';
import { announceFactor } from '../../domain-events/factor-event.js';
import type { ApiError } from '../../errors/api-error.js';
import type { Project } from '../projects/project.js';
import { userDirectory } from '../users/user-directory.js';
import type { MagicLinkRow } from './magic-links.table.js';

/**
 * Marks the link's address verified, or, for a secondary link, attaches it to the user now
 * (asking alone never claims an address). Returns the email id; throws `unusable()` when someone
 * else claimed the address since the link was sent.
 */
export async function proveAddress(
  db: DbExecutor,
  project: Project,
  link: MagicLinkRow,
  now: Date,
  unusable: () => ApiError,
  events?: DomainEventBus,
  actor?: EventActor,
): Promise<string> {
  if (link.purpose !== 'secondary') {
    await userDirectory.markEmailVerified(db, link.email_id);
    return link.email_id;
  }
  const added = await userDirectory.addEmailIfAbsent(db, {
    id: link.email_id,
    project_id: project.id,
    user_id: link.user_id,
    email: link.email,
    verified: true,
    created_at: now,
  });
  if (added) {
    await announceFactor(db, events, 'factor.added', {
      projectId: project.id,
      userId: link.user_id,
      factorType: 'email',
      factorId: added.id,
      now,
      actor,
    });
    return added.id;
  }
  const owner = await userDirectory.findEmail(db, project.id, link.email);
  // The insert found the address taken, so it has an owner.
  if (!owner) throw new Error("A magic link's address vanished while it was proven.");
  if (owner.user_id !== link.user_id) throw unusable();
  await userDirectory.markEmailVerified(db, owner.id);
  return owner.id;
}
