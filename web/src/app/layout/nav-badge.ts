/** A navigation entry's badge (Messages, Activity): nothing at 0 or while unknown, the count up to 9, then '9+'. */
export function badgeText(count: number | null | undefined): string | null {
  if (!count || count <= 0) return null;
  return count > 9 ? '9+' : String(Math.floor(count));
}
