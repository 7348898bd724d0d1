/** @module mount — mountLogin / mountResetPassword / mountPasskeyRegistration for plain pages. */
import { type ComponentType, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { ONE_TAP_PLACEHOLDER_ID } from './components/one-tap-placeholder.js';
import { hasOneTap } from './config.js';
import { PasskeyRegistration } from './passkey-registration.js';
import { ResetPassword } from './reset-password.js';
import { SignIn } from './sign-in.js';
import { installStyles } from './theme/install-styles.js';
import { loadThemeLook } from './theme/theme-look.js';
import type { WidgetProps } from './widget/widget-props.js';
import type { WidgetClient } from './widget-client.js';

/** Options of every mount function (the contract's `{ elementId, client, config, styles?, callbacks?, strings? }`). */
export interface MountOptions extends Omit<WidgetProps, 'client'> {
  /** A CSS selector for the element the widget is appended to, e.g. `#login`. */
  elementId: string;
  client: WidgetClient;
}

/** Options of mountLogin. */
export interface MountLoginOptions extends MountOptions {
  /**
   * The answer of a sign-in the page finished itself (a magic-link or OAuth redirect) when it
   * waits for a second factor (`intermediate_session_token`, `mfa_required`): the widget starts
   * on that step instead of Main. Any other value is ignored.
   */
  pendingSignIn?: unknown;
  /**
   * The query string with a provider sign-in's `stytch_token_type=oauth&error=…`; defaults to
   * `location.search`. A host that removes it from its address bar first passes the original here.
   */
  search?: string;
}

/** Options of mountResetPassword. */
export interface MountResetPasswordOptions extends MountOptions {
  passwordResetToken?: string;
  /**
   * The query string with `stytch_token_type` and `token`; defaults to `location.search`. A host
   * that removes the token from its address bar first passes the original here.
   */
  search?: string;
}

/** What a mount returns. */
export interface MountedWidget {
  /** Removes the widget and everything it added to the target element. */
  unmount(): void;
}

/** The custom element name the widget's host gets (`wire/ui-widget.md`: a custom element is appended). */
export const HOST_ELEMENT_NAME = 'latchkey-widget';

function findTarget(selector: string): Element {
  let target: Element | null = null;
  try {
    target = document.querySelector(selector);
  } catch (cause) {
    throw new Error(`Latchkey: "${selector}" is not a valid CSS selector.`, { cause });
  }
  // Spec §2 and §8: mounting on a missing element raises an error naming the selector.
  if (!target) throw new Error(`Latchkey: no element matches the selector "${selector}".`);
  return target;
}

function mount<P extends WidgetProps>(
  options: MountOptions,
  component: ComponentType<P>,
  props: P,
): MountedWidget {
  const target = findTarget(options.elementId);
  const host = document.createElement(HOST_ELEMENT_NAME);
  const added: Element[] = [host];
  let container: Element = host;
  if (options.config.enableShadowDOM) {
    const shadow = host.attachShadow({ mode: 'open' });
    installStyles(shadow, options.nonce);
    container = document.createElement('div');
    shadow.append(container);
  } else if (options.stylesheet !== 'external') {
    installStyles(document, options.nonce);
  }
  target.append(host);
  const root = createRoot(container);
  let mounted = true;
  const render = () => {
    if (mounted) root.render(createElement(component, props));
  };
  // The script-tag widget fetches a page's theme first, so its first paint is already themed.
  const theme = loadThemeLook(options);
  if (theme) void theme.then(render);
  else render();
  return {
    unmount() {
      mounted = false;
      root.unmount();
      for (const element of added) element.remove();
    },
  };
}

function widgetProps(options: MountOptions): WidgetProps {
  const { elementId: _elementId, ...props } = options;
  return props;
}

/** Mounts the login widget into the element `options.elementId` selects. */
export function mountLogin(options: MountLoginOptions): MountedWidget {
  const shadow = options.config.enableShadowDOM === true;
  const mounted = mount(options, SignIn, { ...widgetProps(options), oneTapPlaceholder: !shadow });
  // Google's One Tap script looks its parent up by id in the document, which cannot see into a
  // shadow root: in that case the placeholder goes next to the widget, in the page.
  if (shadow && hasOneTap(options.config)) {
    const placeholder = document.createElement('div');
    placeholder.id = ONE_TAP_PLACEHOLDER_ID;
    placeholder.setAttribute('data-lk-one-tap', '');
    findTarget(options.elementId).prepend(placeholder);
    return {
      unmount() {
        mounted.unmount();
        placeholder.remove();
      },
    };
  }
  return mounted;
}

/** Mounts the reset-password widget; it reads `stytch_token_type` and `token` from the page URL. */
export function mountResetPassword(options: MountResetPasswordOptions): MountedWidget {
  return mount(options, ResetPassword, widgetProps(options));
}

/** Mounts the passkey-registration widget (needs a signed-in user). */
export function mountPasskeyRegistration(options: MountOptions): MountedWidget {
  return mount(options, PasskeyRegistration, widgetProps(options));
}
