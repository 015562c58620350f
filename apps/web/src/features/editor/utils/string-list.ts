/**
 * Adds an item to a string list (product.md, Validation): trimmed, empty ignored, and with
 * `unique` a case-insensitive duplicate ignored. Returns null when nothing was added.
 */
export function addItem(list: readonly string[], raw: string, unique: boolean): string[] | null {
  const item = raw.trim();
  if (!item) return null;
  if (unique && list.some((x) => x.trim().toLowerCase() === item.toLowerCase())) return null;
  return [...list, item];
}

/** Moves item `from` to `to` (a copy). */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item === undefined || to < 0 || to > next.length) return [...list];
  next.splice(to, 0, item);
  return next;
}
