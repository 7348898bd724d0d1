/** @module theme/install-styles — puts the widget stylesheet into a shadow root or once into the document. */
import { WIDGET_CSS } from './widget-css.js';

/**
 * Injects the stylesheet into `target` unless it is already there: a shadow root gets its own
 * `<style>`, a document one shared `<style data-lk-styles>` in its head (rules are scoped under
 * .lk-root, so one copy serves every widget on the page).
 */
export function installStyles(target: Document | ShadowRoot): void {
  const isDocument = target.nodeType === 9;
  const parent = isDocument ? (target as Document).head : (target as ShadowRoot);
  if (parent.querySelector(':scope > style[data-lk-styles]')) return;
  const doc = isDocument ? (target as Document) : (target as ShadowRoot).ownerDocument;
  const style = doc.createElement('style');
  style.setAttribute('data-lk-styles', '');
  style.textContent = WIDGET_CSS;
  parent.prepend(style);
}
