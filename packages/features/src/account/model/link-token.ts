/** The token of a mail's link: in the address's fragment (#token=...), which no server or Referer sees. */
export function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, "")).get("token") ?? "";
}
