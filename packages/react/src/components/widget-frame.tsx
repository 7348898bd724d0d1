/** @module components/widget-frame — the themed `.lk-root` box every widget mode renders into. */
import { type CSSProperties, type ReactElement, type ReactNode, useLayoutEffect, useRef } from 'react';
import type { Appearance } from '../theme/appearance.js';
import { ElementClassesContext, withElementClass } from '../theme/element-classes.js';
import { installStyles } from '../theme/install-styles.js';
import type { LatchkeyStyles } from '../theme/theme.js';
import { installFontFaces, themeLookProperties } from '../theme/theme-look.js';

/** How a widget looks and how its stylesheet arrives (the WidgetProps of the same names). */
export interface WidgetLook {
  styles?: LatchkeyStyles | undefined;
  appearance?: Appearance | undefined;
  stylesheet?: 'inject' | 'external' | undefined;
  nonce?: string | undefined;
}

/** Props of WidgetFrame. */
export interface WidgetFrameProps extends WidgetLook {
  /** Content after the container, e.g. the toast region. */
  after?: ReactNode;
  /** The watermark element, or null when hidden. */
  footer?: ReactNode;
  logoAlt: string;
  children: ReactNode;
}

const NO_ELEMENTS = {};

/**
 * Applies the host's theme as custom properties on `.lk-root` (`styles` over
 * `appearance.variables`), marks its colour scheme, makes sure the stylesheet is present where
 * the widget lives (its shadow root, else the document unless the page links styles.css) and
 * adds the host's fonts.
 */
export function WidgetFrame(props: WidgetFrameProps): ReactElement {
  const { styles, appearance, stylesheet, nonce, after, footer, logoAlt, children } = props;
  const root = useRef<HTMLDivElement>(null);
  const fonts = styles?.fonts;

  useLayoutEffect(() => {
    const node = root.current;
    if (!node) return;
    const scope = node.getRootNode();
    if (scope.nodeType === 11) installStyles(scope as ShadowRoot, nonce);
    else if (stylesheet !== 'external') installStyles(node.ownerDocument, nonce);
  }, [stylesheet, nonce]);

  useLayoutEffect(() => {
    const node = root.current;
    if (!node || !fonts || fonts.length === 0) return undefined;
    return installFontFaces(node.ownerDocument, fonts, nonce);
  }, [fonts, nonce]);

  const elements = appearance?.elements ?? NO_ELEMENTS;
  const logo = styles?.logo?.logoImageUrl;
  const properties = themeLookProperties(styles, appearance);
  return (
    <ElementClassesContext.Provider value={elements}>
      <div
        className={withElementClass('lk-root', elements, 'root')}
        ref={root}
        style={properties as CSSProperties}
        data-lk-color-scheme={appearance?.colorScheme}
      >
        <div className={withElementClass('lk-container', elements, 'container')} part="container">
          {logo ? (
            <img
              className={withElementClass('lk-logo', elements, 'logo')}
              part="logo"
              src={logo}
              alt={logoAlt}
            />
          ) : null}
          {children}
          {footer}
        </div>
        {after}
      </div>
    </ElementClassesContext.Provider>
  );
}
