/**
 * @module theme/install-styles — puts the widget stylesheets into a shadow root or once into the
 * document: one `<style data-lk-styles>` with every sheet known then, and one more after it for
 * each sheet that code loaded later adds (addStyles), in the order they came. Each carries the
 * host's CSP nonce when it gave one. (A host that links styles.css installs nothing.)
 */
import { CHUNK_SHEETS } from './chunk-sheets.js';
import { WIDGET_CSS } from './widget-css.js';

// Every stylesheet so far, and where widgets live: a sheet added later goes to each of them, so a
// chunk's rules are in place before the chunk's markup renders.
const sheets: string[] = [WIDGET_CSS, ...CHUNK_SHEETS];
// Each target with the nonce its styles carry.
const targets = new Map<Document | ShadowRoot, string | undefined>();

function parentOf(target: Document | ShadowRoot): ParentNode {
  return target.nodeType === 9 ? (target as Document).head : (target as ShadowRoot);
}

/** Our `<style>` children of `parent` (`:scope >` finds nothing in a shadow root, which is no element). */
function ourStyles(parent: ParentNode): Element[] {
  return [...parent.children].filter((child) => child.matches('style[data-lk-styles]'));
}

/** Adds `css` after the sheets already in `target`. */
function append(target: Document | ShadowRoot, css: string, nonce: string | undefined): void {
  const parent = parentOf(target);
  const doc = target.nodeType === 9 ? (target as Document) : (target as ShadowRoot).ownerDocument;
  const style = doc.createElement('style');
  style.setAttribute('data-lk-styles', '');
  if (nonce) style.setAttribute('nonce', nonce);
  style.textContent = css;
  const ours = ourStyles(parent);
  const last = ours[ours.length - 1];
  // In the document the sheets go first in <head>, so the host's own CSS can override them.
  if (last) last.after(style);
  else parent.prepend(style);
}

/**
 * Injects the stylesheets into `target` unless they are already there: a shadow root gets its own,
 * a document one shared set in its head (rules are scoped under .lk-root, so one copy serves every
 * widget on the page).
 */
export function installStyles(target: Document | ShadowRoot, nonce?: string): void {
  if (!targets.has(target) || nonce) targets.set(target, nonce);
  if (ourStyles(parentOf(target)).length > 0) return;
  append(target, sheets.join(''), nonce);
}

/**
 * Adds a stylesheet to every widget's styles, now and to come (once per text). The code that
 * needs it calls this when it loads, before anything of it renders: no unstyled flash.
 */
export function addStyles(css: string): void {
  if (sheets.includes(css)) return;
  sheets.push(css);
  for (const [target, nonce] of targets) {
    // A shadow root whose widget is gone gets nothing more, and is let go.
    if (target.nodeType === 11 && !(target as ShadowRoot).host.isConnected) targets.delete(target);
    else append(target, css, nonce);
  }
}
