// CSV for the operator's exports (RFC 4180), safe to open in a spreadsheet, after OWASP's
// CSV-injection guidance (https://owasp.org/www-community/attacks/CSV_Injection):
//
// - every cell is quoted, embedded quotes doubled: a spreadsheet that splits on `;` (or `,`)
//   keeps `Bob;=cmd|' /C calc'!A0` as one cell of text;
// - a `'` goes before every place a spreadsheet could start a formula: the cell's start and the
//   start of each part after a `,` `;` tab or line break, when it begins with = + - @ tab or CR
//   (quotes before it skipped). So even a reader that ignores the quotes and splits there gets
//   `'=cmd…`, text. The value gains only those `'`.

/** Where a naive reader would split off a part that starts a formula: a `,` `;` tab or line
 *  break, any quotes, then one of = + - @ tab CR (the lookahead keeps that character). */
const INNER_FORMULA = /([,;\t\r\n])("*)(?=[=+\-@\t\r])/g;
/** The same at the value's start (its own pass: a leading tab is both a start and a split). */
const LEADING_FORMULA = /^("*)(?=[=+\-@\t\r])/;

/** One cell: every formula start neutralised with a `'`, then quoted. */
export function csvCell(value: string): string {
  const safe = value.replace(INNER_FORMULA, "$1$2'").replace(LEADING_FORMULA, "$1'");
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Rows (the first one the header) as CSV text with CRLF line ends. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
