// Client-side checks of the profile form, mirroring the server's (account.routes.ts): the server
// decides, these only spare a round trip and speak the page's language.

import { visibleNameProblem } from '../../lib/users/visible-name.ts';

export const NICKNAME_MAX = 30;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** zod's email pattern (z.email()), which the server applies. */
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function nicknameError(value: string): 'nicknameTooLong' | 'nicknameBad' | null {
  const v = value.trim();
  if (v.length > NICKNAME_MAX) return 'nicknameTooLong';
  if (visibleNameProblem(v)) return 'nicknameBad';
  return null;
}

/** Empty clears the address; otherwise it must look like one (at most 254 characters). */
export function emailError(value: string): 'emailInvalid' | null {
  const v = value.trim();
  if (v === '') return null;
  return v.length <= 254 && EMAIL.test(v) ? null : 'emailInvalid';
}

export function avatarError(file: { size: number; type: string }): 'avatarTooLarge' | 'avatarType' | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'avatarType';
  if (file.size > AVATAR_MAX_BYTES) return 'avatarTooLarge';
  return null;
}
