/** A cell as CSV writes it (RFC 4180): quoted when it holds a comma, a quote or a line break. */
function cell(value: string | number | null): string {
  if (value === null) return "";
  const text = typeof value === "number" ? String(Number.isInteger(value) ? value : Number(value.toFixed(6))) : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A table as CSV text: a header line, then one line per row, CRLF between them. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  return [header, ...rows].map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}

/** A link's address that downloads the text as a CSV file (no object URL to revoke). */
export function csvHref(csv: string): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(csv)}`;
}
