/** Naming a passkey after the browser and system that registered it. */
import { describe, expect, it } from 'vitest';
import { browserAndOsName } from './browser-and-os.js';

const UA = {
  chromeLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  headlessChromeLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  chromeOs:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  operaWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  samsungAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  firefoxIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  safariIpad:
    'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  iphoneWebView:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
} as const;

describe('from the User-Agent alone', () => {
  it.each([
    [UA.chromeLinux, 'Chrome on Linux'],
    [UA.headlessChromeLinux, 'Chrome on Linux'],
    [UA.chromeMac, 'Chrome on Mac'],
    [UA.chromeAndroid, 'Chrome on Android'],
    [UA.chromeIphone, 'Chrome on iPhone'],
    [UA.chromeOs, 'Chrome on ChromeOS'],
    [UA.edgeWindows, 'Edge on Windows'],
    [UA.operaWindows, 'Opera on Windows'],
    [UA.samsungAndroid, 'Samsung Internet on Android'],
    [UA.firefoxWindows, 'Firefox on Windows'],
    [UA.firefoxLinux, 'Firefox on Linux'],
    [UA.firefoxIphone, 'Firefox on iPhone'],
    [UA.safariMac, 'Safari on Mac'],
    [UA.safariIphone, 'Safari on iPhone'],
    [UA.safariIpad, 'Safari on iPad'],
    [UA.iphoneWebView, 'Safari on iPhone'],
  ])('%s → %s', (userAgent, name) => {
    expect(browserAndOsName(userAgent)).toBe(name);
  });

  it('says what it knows, and nothing for an agent it cannot read', () => {
    expect(browserAndOsName('Mozilla/5.0 (Macintosh)')).toBe('Mac');
    expect(browserAndOsName('curl/8.5.0')).toBeNull();
    expect(browserAndOsName('')).toBeNull();
  });
});

describe('with client hints', () => {
  it('takes the brand the hints name over the "Chrome" every Chromium browser writes', () => {
    const brave = '"Brave";v="131", "Chromium";v="131", "Not_A Brand";v="24"';
    expect(browserAndOsName(UA.chromeMac, { brands: brave, platform: '"macOS"' })).toBe('Brave on Mac');
    const chrome = '"Google Chrome";v="131", "Chromium";v="131", "Not_A Brand";v="24"';
    expect(browserAndOsName(UA.chromeLinux, { brands: chrome, platform: '"Linux"' })).toBe('Chrome on Linux');
    const edge = '"Microsoft Edge";v="131", "Chromium";v="131", "Not?A_Brand";v="99"';
    expect(browserAndOsName(UA.edgeWindows, { brands: edge, platform: '"Windows"' })).toBe('Edge on Windows');
  });

  it('says Chromium when that is the only brand besides the GREASE one', () => {
    const chromium = '"Chromium";v="131", "Not)A;Brand";v="99"';
    expect(browserAndOsName(UA.chromeLinux, { brands: chromium, platform: '"Linux"' })).toBe(
      'Chromium on Linux',
    );
  });

  it('copies nothing it does not know from the headers into the name', () => {
    const odd = '"<script>";v="1", "Not A(Brand";v="8"';
    expect(browserAndOsName(UA.chromeLinux, { brands: odd, platform: '"TempleOS"' })).toBe('Chrome on Linux');
    expect(browserAndOsName('', { brands: odd, platform: '"TempleOS"' })).toBeNull();
  });

  it('keeps iPhone and iPad from the User-Agent, which the hints cannot tell apart', () => {
    expect(browserAndOsName(UA.safariIpad, { platform: '"iOS"' })).toBe('Safari on iPad');
    expect(browserAndOsName('', { platform: '"iOS"' })).toBe('iPhone');
    expect(browserAndOsName('', { platform: '"Chrome OS"' })).toBe('ChromeOS');
  });
});
