import type { PasswordPolicy } from '../../../contracts/auth.ts';

/**
 * The password policy. Length matters most; one of each letter case and a digit keeps out the commonest weak
 * choices without asking for symbols people then write down.
 */
export const passwordPolicy: PasswordPolicy = {
  minLength: 10,
  maxLength: 128,
  requireLowercase: true,
  requireUppercase: true,
  requireDigit: true,
  requireSymbol: false,
};
