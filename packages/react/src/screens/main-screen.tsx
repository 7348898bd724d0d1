/** @module screens/main-screen — Main, the method chooser: phone tabs first, then the email tab. */
import type { ReactElement } from 'react';
import { ScreenFrame } from '../components/screen-frame.js';
import { Tabs } from '../components/tabs.js';
import type { MainTab, ScreenOf } from '../machine/screen.js';
import { emailMethodOf, mainTabsOf } from '../otp-config.js';
import type { StringKey } from '../strings/en.js';
import { useWidget } from '../widget/widget-context.js';
import { EmailForm } from './email-form.js';
import { PhoneForm } from './phone-form.js';

const TAB_LABELS: Record<MainTab, StringKey> = {
  sms: 'main.tabText',
  whatsapp: 'main.tabWhatsApp',
  email: 'main.tabEmail',
};

/**
 * Main. With one method its form shows alone; with several, a tab list picks the form. The
 * selected tab lives in the screen, so coming back from the code screen reopens it.
 */
export function MainScreen({ screen }: { screen: ScreenOf<'Main'> }): ReactElement {
  const { send, t, config } = useWidget();
  const tabs = mainTabsOf(config);
  const tab = screen.tab && tabs.includes(screen.tab) ? screen.tab : tabs[0];
  const emailMethod = emailMethodOf(config);

  if (!tab) {
    return (
      <ScreenFrame title={t('main.title')}>
        <p className="lk-text">{t('notAvailable.text')}</p>
      </ScreenFrame>
    );
  }

  // One PhoneForm instance serves both phone tabs, so the number survives a switch between them.
  const form =
    tab === 'email' && emailMethod ? (
      <EmailForm screen={screen} method={emailMethod} />
    ) : (
      <PhoneForm channel={tab === 'whatsapp' ? 'whatsapp' : 'sms'} initialNumber={screen.phone} />
    );

  return (
    <ScreenFrame title={t('main.title')}>
      {tabs.length > 1 ? (
        <Tabs
          label={t('main.methodTabs')}
          tabs={tabs.map((key) => ({ key, label: t(TAB_LABELS[key]) }))}
          selected={tab}
          onSelect={(next) => send({ type: 'MAIN_TAB_SELECTED', tab: next })}
        >
          {form}
        </Tabs>
      ) : (
        form
      )}
    </ScreenFrame>
  );
}
