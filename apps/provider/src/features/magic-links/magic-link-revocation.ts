/**
 * @module magic-link-revocation — what other features may do to a user's magic links: a password
 * reset (which sends its own link) and an OAuth sign-in that proves an address serialise with link
 * issuance and revoke the links an address still has (SECURITY B6, J6). The magic-links repository
 * stays private to this folder.
 */
import type { DbExecutor } from '../../db/database.js';
import { lockAddressForIssuance, magicLinks } from './magic-links.repository.js';

/** The magic-link operations other features use. */
export interface MagicLinkRevocation {
  /** Serialises link issuance for one address until the transaction ends. */
  lockAddress(db: DbExecutor, projectId: string, email: string): Promise<void>;
  /** Revokes every unused link for `email`. */
  revokeUnused(db: DbExecutor, projectId: string, email: string, now: Date): Promise<void>;
  /** Revokes one link unless it was used. */
  revoke(db: DbExecutor, id: string, now: Date): Promise<void>;
}

/** The magic links over this provider's database. */
export const magicLinkRevocation: MagicLinkRevocation = {
  lockAddress: lockAddressForIssuance,
  revokeUnused: (db, projectId, email, now) =>
    magicLinks.revokeUnused(db, { project_id: projectId, email }, now),
  revoke: (db, id, now) => magicLinks.revokeUnused(db, { id }, now),
};
