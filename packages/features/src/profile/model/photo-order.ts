/** The ids with `id` moved by `offset` places (clamped to the list); the first is the main picture. */
export function movePhoto(ids: readonly string[], id: string, offset: number): string[] {
  const from = ids.indexOf(id);
  if (from < 0) return [...ids];
  const to = Math.min(ids.length - 1, Math.max(0, from + offset));
  const out = ids.filter((x) => x !== id);
  out.splice(to, 0, id);
  return out;
}

/** The ids with `id` first: the main picture. */
export function makeMainPhoto(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? [id, ...ids.filter((x) => x !== id)] : [...ids];
}
