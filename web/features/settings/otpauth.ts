/**
 * The shared secret of an `otpauth://totp/...?secret=...` URI, for people who type it into their app instead
 * of scanning the QR code; null when the URI has none.
 */
export function totpSecret(uri: string): string | null {
  try {
    const secret = new URL(uri).searchParams.get('secret');
    return secret ? secret : null;
  } catch {
    return null;
  }
}

/** The secret in groups of four, which is how people copy it by hand without losing their place. */
export function groupedSecret(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ');
}
