/**
 * The camera reads the same code many times a second while its holder stands in front of it: a
 * code counts once, and again only after it has been out of sight this long (the next person, or
 * the same one coming back).
 */
const SAME_PERSON_MS = 3000;

export function repeatFilter(): (text: string) => boolean {
  let last: { text: string; seenAt: number } | undefined;
  return (text) => {
    const now = performance.now();
    const fresh = last?.text !== text || now - last.seenAt >= SAME_PERSON_MS;
    last = { text, seenAt: now };
    return fresh;
  };
}
