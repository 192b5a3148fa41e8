/** SPEC §5: phones of exactly 11 digits are shown as first three, four stars, last four. */
export function maskPhone(phone: string): string {
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/** SPEC §2: nickname, else masked phone, else username. */
export function displayName(user: { nickname?: string | null; phone?: string | null; username?: string | null }): string {
  if (user.nickname) return user.nickname;
  if (user.phone) return maskPhone(user.phone);
  return user.username ?? '';
}
