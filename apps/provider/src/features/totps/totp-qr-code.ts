/** @module totp-qr-code — the key URI as a PNG data URL for the authenticator app to scan; wraps qrcode. */
import { toDataURL } from 'qrcode';

/** `data:image/png;base64,…` of a QR code holding `keyUri`. */
export function totpQrCode(keyUri: string): Promise<string> {
  return toDataURL(keyUri, { errorCorrectionLevel: 'M', type: 'image/png', margin: 2, width: 256 });
}
