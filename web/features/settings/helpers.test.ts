import { describe, expect, it } from 'vitest';
import { groupedSecret, totpSecret } from './otpauth.ts';
import { describeUserAgent } from './user-agent.ts';

describe('otpauth URIs', () => {
  it('reads the secret, and groups it by four for typing', () => {
    const uri = 'otpauth://totp/CARD%20WEB:ada%40example.com?secret=JBSWY3DPEHPK3PXPQ&issuer=CARD%20WEB';
    expect(totpSecret(uri)).toBe('JBSWY3DPEHPK3PXPQ');
    expect(groupedSecret('JBSWY3DPEHPK3PXPQ')).toBe('JBSW Y3DP EHPK 3PXP Q');
  });

  it('finds nothing in a URI without a secret or in one that is not a URI', () => {
    expect(totpSecret('otpauth://totp/CARD%20WEB:ada?issuer=CARD%20WEB')).toBeNull();
    expect(totpSecret('not a uri')).toBeNull();
  });
});

describe('device names from user agents', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36 Edg/138.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/138.0 Mobile/15E148 Safari/604.1',
      'Chrome on iOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    ['curl/8.5.0', 'Unknown device'],
    [null, 'Unknown device'],
  ])('%s is %s', (userAgent, name) => {
    expect(describeUserAgent(userAgent)).toBe(name);
  });
});
