/** @module parent-origin — the embedding page's origin that the client-side services frame reports. */
import { ApiError } from '../../errors/api-error.js';
import type { Project } from '../projects/project.js';
import { isOriginAllowed } from '../projects/project-policy.js';

/**
 * SECURITY I1: the page that embeds the frame must be one the project accepts. The frame passes
 * the browser's `event.origin` of the page's message, so a page cannot name another origin
 * (a caller outside a browser can, but gains nothing a browser page could not).
 */
export function requireParentOrigin(project: Project, parentOrigin: string): void {
  if (!isOriginAllowed(project, parentOrigin)) throw new ApiError('invalid_origin');
}
