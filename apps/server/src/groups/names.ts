/**
 * Names a group may not take: slurs and abuse aimed at people, and names that
 * pass the group off as the app's staff. Matched on a folded form (lower case, accents and
 * separators removed, common digit-for-letter swaps undone), so "F@g-g0t" and "Vicinity Admins"
 * are caught; whole words only where a word is innocent inside others.
 */
/** Refused anywhere, even run together with other words. */
const REFUSED_INSIDE = ["faggot", "nigger", "killallgays", "killyourself"];
/** Refused as words (they are innocent inside others: "spice", "retardant"). */
const REFUSED_WORDS = [
  "nigga",
  "tranny",
  "trannies",
  "retard",
  "retards",
  "kike",
  "spic",
  "chink",
  "kys",
  "admin",
  "admins",
  "administrator",
  "moderator",
  "moderators",
  "staff",
  "official",
  "support",
  "vicinity",
];

const SWAPS: Record<string, string> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "@": "a",
  $: "s",
  "!": "i",
};

export function foldName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[013457@$!]/g, (c) => SWAPS[c] ?? c);
}

export function isRefusedGroupName(name: string): boolean {
  const folded = foldName(name);
  const squashed = folded.replace(/[^a-z]/g, "");
  if (REFUSED_INSIDE.some((word) => squashed.includes(word))) return true;
  const words = folded.split(/[^a-z]+/).filter(Boolean);
  return words.some((w) => REFUSED_WORDS.includes(w));
}
