/** @module widget/widget-shell — one running widget: machine, strings, theme frame and screens. */
import {
  type ReactElement,
  type ReactNode,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { usePreloadChunks } from '../chunks/preload-chunks.js';
import { systemClock, type WidgetClock } from '../clock.js';
import { FloatingNotice } from '../components/floating-notice.js';
import { ToastRegion } from '../components/toast-region.js';
import { Watermark } from '../components/watermark.js';
import { WidgetFrame } from '../components/widget-frame.js';
import type { WidgetCallbacks, WidgetConfig } from '../config.js';
import { useBootstrap } from '../hooks/use-bootstrap.js';
import { createMachine } from '../machine/create-machine.js';
import type { EffectContext, WidgetMode } from '../machine/effects.js';
import type { MachineState } from '../machine/state.js';
import type { StringOverrides } from '../strings/en.js';
import { createTranslate, resolveStrings } from '../strings/resolve-strings.js';
import type { Appearance } from '../theme/appearance.js';
import type { LatchkeyStyles } from '../theme/theme.js';
import type { WidgetClient } from '../widget-client.js';
import { HydrationGate } from './hydration-gate.js';
import { ScreenView } from './screen-view.js';
import { WidgetContext, type WidgetContextValue } from './widget-context.js';

/** Props of WidgetShell. */
export interface WidgetShellProps {
  mode: WidgetMode;
  client: WidgetClient;
  config: WidgetConfig;
  styles?: LatchkeyStyles | undefined;
  appearance?: Appearance | undefined;
  stylesheet?: 'inject' | 'external' | undefined;
  nonce?: string | undefined;
  callbacks?: WidgetCallbacks | undefined;
  strings?: StringOverrides | undefined;
  clock?: WidgetClock | undefined;
  /** The first state; called once per mount. */
  initial: () => MachineState;
  /** Shown instead of the screens (e.g. a configuration error). */
  replacement?: ReactNode;
  /** Rendered above the screens (the One Tap placeholder). */
  before?: ReactNode;
}

const NO_CALLBACKS: WidgetCallbacks = {};

/** True when the host or the client says this page must not show a sign-in form (spec §2). */
function isFloating(config: WidgetConfig, client: WidgetClient): boolean {
  return config.floating === true || client.floating === true || client.blocked === true;
}

/**
 * Runs one widget instance. On the server and in the render that hydrates its HTML it renders
 * only the themed, empty frame (HydrationGate): the widget's first state reads the browser
 * (the page's query, the cached bootstrap, the stored user). A client-only root starts live.
 */
export function WidgetShell(props: WidgetShellProps): ReactElement {
  const { styles, appearance, stylesheet, nonce } = props;
  return (
    <HydrationGate look={{ styles, appearance, stylesheet, nonce }}>
      <LiveWidgetShell {...props} />
    </HydrationGate>
  );
}

/** The widget proper. The machine lives for the whole mount and starts once. */
function LiveWidgetShell(props: WidgetShellProps): ReactElement {
  const { mode, client, config, styles, appearance, stylesheet, nonce, replacement, before } = props;
  const strings = useMemo(() => resolveStrings(props.strings), [props.strings]);
  const t = useMemo(() => createTranslate(strings), [strings]);
  const bootstrap = useBootstrap(client);
  usePreloadChunks(config);
  const clock = props.clock ?? systemClock;

  // Effects read the latest props, so a host changing callbacks never restarts the flow.
  const context: EffectContext = { client, config, callbacks: props.callbacks ?? NO_CALLBACKS, clock };
  const latest = useRef(context);
  latest.current = context;
  const [readContext] = useState(() => () => latest.current);
  const [machine] = useState(() => createMachine(props.initial(), mode, readContext));
  const state = useSyncExternalStore(machine.subscribe, machine.getState, machine.getState);

  const floating = isFloating(config, client);
  const blocked = floating || replacement !== undefined;
  useEffect(() => {
    if (!blocked) machine.start();
  }, [machine, blocked]);

  const focusReady = useRef(false);
  useEffect(() => {
    focusReady.current = true;
  }, []);

  const value: WidgetContextValue = {
    state,
    send: machine.send,
    t,
    strings,
    config,
    bootstrap,
    clock,
    hideHeaderText: styles?.hideHeaderText === true,
    focusReady,
    effectContext: readContext,
  };
  const showWatermark = config.displayWatermark !== false && bootstrap.displayWatermark !== false;

  return (
    <WidgetContext.Provider value={value}>
      <WidgetFrame
        styles={styles}
        appearance={appearance}
        stylesheet={stylesheet}
        nonce={nonce}
        logoAlt={t('common.logoAlt')}
        footer={
          showWatermark ? (
            <Watermark text={t('watermark.text')} newTabHint={t('common.opensInNewTab')} />
          ) : null
        }
        after={<ToastRegion />}
      >
        {floating ? (
          <FloatingNotice title={t('floating.title')} text={t('floating.text')} />
        ) : (
          (replacement ?? (
            <>
              {before}
              <ScreenView />
            </>
          ))
        )}
      </WidgetFrame>
    </WidgetContext.Provider>
  );
}
