/**
 * @module crypto/wallet-mark — the small mark at the left of a wallet button: the wallet's own
 * icon (discovery keeps only `data:image/` URLs), else a generic wallet. Decorative: the button's
 * text names the wallet.
 */
import type { ReactElement } from 'react';
import { StrokeIcon } from '../components/icons.js';

/** The wallet's icon, or the generic wallet mark when it has none. */
export function WalletMark({ icon }: { icon: string | null }): ReactElement {
  if (icon) return <img className="lk-brand-mark" src={icon} alt="" width="20" height="20" />;
  return (
    <StrokeIcon className="lk-brand-mark">
      <path d="M19 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0 0 4h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5" />
      <path d="M16 14h.01" />
    </StrokeIcon>
  );
}
