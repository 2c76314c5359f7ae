// CSV for the operator's exports (RFC 4180 quoting), safe to open in a spreadsheet.

/** One cell: quoted when needed; a value a spreadsheet would run as a formula (= + - @) is
 *  prefixed with a quote. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows (the first one the header) as CSV text with CRLF line ends. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
