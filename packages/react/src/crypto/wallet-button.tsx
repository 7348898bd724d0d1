/** @module crypto/wallet-button — a secondary button with a wallet mark, laid out like the OAuth buttons. */
import type { ReactElement } from 'react';
import { Button } from '../components/button.js';
import { useWidget } from '../widget/widget-context.js';
import type { WalletOption } from './crypto-wallets.js';
import { useCryptoStrings } from './use-crypto-strings.js';
import { WalletMark } from './wallet-mark.js';
import { walletSelected } from './wallet-selected.js';

/** A button with the wallet mark at its left edge; disabled while the widget is busy. */
export function WalletMarkButton({
  icon,
  onClick,
  children,
}: {
  icon: string | null;
  onClick: () => void;
  children: string;
}): ReactElement {
  const { state } = useWidget();
  return (
    <Button variant="secondary" data-lk-wallet="" disabled={state.busy} onClick={onClick}>
      <WalletMark icon={icon} />
      {children}
    </Button>
  );
}

/** 'Continue with {wallet}': starts the sign-in with that wallet (its connect pop-up). */
export function WalletButton({ wallet }: { wallet: WalletOption }): ReactElement {
  const { send } = useWidget();
  const { t } = useCryptoStrings();
  return (
    <WalletMarkButton icon={wallet.icon} onClick={() => send(walletSelected(wallet))}>
      {t('main.continueWithWallet', { wallet: wallet.label })}
    </WalletMarkButton>
  );
}
