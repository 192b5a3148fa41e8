import { atom, type WritableAtom } from 'nanostores';

// Client state of SPEC §3, persisted under its local-storage keys. Plain atoms plus one small
// persistence helper (no @nanostores/persistent for six strings).

export const STORAGE_KEYS = {
  token: 'token',
  phone: 'userPhone',
  nickname: 'nickname',
  userId: 'userId',
  username: 'username',
  kicadVersion: 'kicadVersion',
  bomId: 'bomId',
  mappingData: 'mappingData',
} as const;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // Storage blocked (privacy mode, sandboxed host webview).
  }
}

function persistent(key: string): WritableAtom<string> {
  const store = atom(storage()?.getItem(key) ?? '');
  store.listen((value) => {
    const s = storage();
    if (!s) return;
    if (value === '') s.removeItem(key);
    else s.setItem(key, value);
  });
  return store;
}

export const $token = persistent(STORAGE_KEYS.token);
export const $phone = persistent(STORAGE_KEYS.phone);
export const $nickname = persistent(STORAGE_KEYS.nickname);
export const $userId = persistent(STORAGE_KEYS.userId);
export const $username = persistent(STORAGE_KEYS.username);
export const $kicadVersion = persistent(STORAGE_KEYS.kicadVersion);
export const $bomId = persistent(STORAGE_KEYS.bomId);
/** A list kept as a comma-separated string (SPEC §3). */
export const $mappingData = persistent(STORAGE_KEYS.mappingData);
export const $locale = atom<'zh' | 'en'>('zh');
export const $online = atom(true);

export function getMappingData(): string[] {
  return $mappingData.get() === '' ? [] : $mappingData.get().split(',');
}
export function setMappingData(list: readonly string[]): void {
  $mappingData.set(list.join(','));
}

export type UserInfo = { token?: string; phone?: string | null; nickname?: string | null; id?: number | string | null; username?: string | null };

/** SPEC §4: setting user info stores token, phone and nickname (and id, username). */
export function setUserInfo(info: UserInfo): void {
  if (info.token !== undefined) $token.set(info.token);
  $phone.set(info.phone ?? '');
  $nickname.set(info.nickname ?? '');
  if (info.id !== undefined) $userId.set(info.id === null ? '' : String(info.id));
  if (info.username !== undefined) $username.set(info.username ?? '');
}

/** Resetting clears them and the stored values. */
export function resetUserInfo(): void {
  for (const s of [$token, $phone, $nickname, $userId, $username]) s.set('');
}

export function isLoggedIn(): boolean {
  return $token.get() !== '';
}
