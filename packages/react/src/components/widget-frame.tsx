/** @module components/widget-frame — the themed `.lk-root` box every widget mode renders into. */
import { type CSSProperties, type ReactElement, type ReactNode, useLayoutEffect, useRef } from 'react';
import { installFontFaces } from '../theme/font-faces.js';
import { installStyles } from '../theme/install-styles.js';
import { type LatchkeyStyles, themeToProperties } from '../theme/theme.js';

/** Props of WidgetFrame. */
export interface WidgetFrameProps {
  styles?: LatchkeyStyles | undefined;
  /** Content after the container, e.g. the toast region. */
  after?: ReactNode;
  /** The watermark element, or null when hidden. */
  footer?: ReactNode;
  logoAlt: string;
  children: ReactNode;
}

/**
 * Applies the host's theme as custom properties on `.lk-root`, makes sure the stylesheet is
 * present where the widget lives (its shadow root, else the document) and adds the host's fonts.
 */
export function WidgetFrame({ styles, after, footer, logoAlt, children }: WidgetFrameProps): ReactElement {
  const root = useRef<HTMLDivElement>(null);
  const fonts = styles?.fonts;

  useLayoutEffect(() => {
    const node = root.current;
    if (!node) return;
    const scope = node.getRootNode();
    installStyles(scope.nodeType === 11 ? (scope as ShadowRoot) : node.ownerDocument);
  }, []);

  useLayoutEffect(() => {
    const node = root.current;
    if (!node || !fonts || fonts.length === 0) return undefined;
    return installFontFaces(node.ownerDocument, fonts);
  }, [fonts]);

  const logo = styles?.logo?.logoImageUrl;
  return (
    <div className="lk-root" ref={root} style={themeToProperties(styles) as CSSProperties}>
      <div className="lk-container" part="container">
        {logo ? <img className="lk-logo" part="logo" src={logo} alt={logoAlt} /> : null}
        {children}
        {footer}
      </div>
      {after}
    </div>
  );
}
