/** @module project-cursor — the opaque cursor of GET /v1/projects: the last project's (created_at, id). */
import type { Project } from '../projects/project.js';

export function encodeProjectCursor(project: Project): string {
  return Buffer.from(JSON.stringify([project.createdAt.toISOString(), project.id])).toString('base64url');
}

/** The position a cursor names, or null when it is not one encodeProjectCursor made. */
export function decodeProjectCursor(cursor: string): { createdAt: Date; id: string } | null {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const createdAt = new Date(String(at));
    if (typeof at !== 'string' || typeof id !== 'string' || Number.isNaN(createdAt.getTime())) return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}
