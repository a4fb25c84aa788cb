import { z } from 'zod';
import { authErrorCatalogue, passwordProblems } from '../../contracts/auth.ts';
import type { PasswordPolicy } from '../../contracts/auth.ts';
import type { UseQueryResult } from '@tanstack/react-query';

/** The policy as the page currently knows it, and the password to check against it (`PasswordField`'s rules). */
export interface PasswordRulesState {
  policy: PasswordPolicy | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  password: string;
}

/**
 * A new-password schema that also enforces `policy` once it has loaded. Until then (or if it cannot load)
 * only emptiness is checked here, and the server, which always checks, has the last word.
 */
export function newPasswordSchema(policy: PasswordPolicy | undefined, emptyMessage = 'Choose a password') {
  return z
    .string()
    .min(1, emptyMessage)
    .refine((password) => password === '' || !policy || passwordProblems(policy, password).length === 0, {
      message: authErrorCatalogue['auth/password-does-not-meet-requirements'].message,
    });
}

/** The policy query shaped for `PasswordField`'s live rules, checked against `password`. */
export function passwordRulesState(
  query: UseQueryResult<PasswordPolicy>,
  password: string,
): PasswordRulesState {
  return {
    policy: query.data,
    loading: query.isPending,
    failed: query.isError && query.data === undefined,
    onRetry: () => void query.refetch(),
    password,
  };
}
