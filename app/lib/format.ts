// Dates as the site writes them, fixed here rather than left to Intl, so the server, the
// prerender and the browser always agree.

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "2023-12-19" → "19 December 2023" */
export function formatDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return `${d} ${MONTHS[m! - 1]} ${y}`;
}

/** "2023-08" → "August 2023" */
export function formatMonth(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return `${MONTHS[m! - 1] ?? month} ${y}`;
}

/** The words of a text for searching: lower case, accents dropped, split at anything else. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** A page id from the URL: digits only, no leading zero ("01", "1e0" and "abc" are no page). */
export function parseId(raw: string | undefined): number | undefined {
  return raw && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : undefined;
}

/** A datetime-local field's "2024-02-03T09:30" as Lagos time (UTC+1 all year), in ms; NaN when
 *  it is no such time. */
export const lagosTime = (value: string) =>
  /^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(value) ? Date.parse(`${value}:00+01:00`) : Number.NaN;

/** The day of a moment in Lagos (UTC+1 all year): "2024-02-03". */
export const lagosDay = (ms: number) => new Date(ms + 3_600_000).toISOString().slice(0, 10);

const ones = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
const teens = [
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const tens = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

/** A count as a sentence starts with it: "Twenty-four", "Nine"; from 100 on, its digits. */
export function countInWords(n: number): string {
  const text =
    n < 0 || n >= 100 || !Number.isInteger(n)
      ? String(n)
      : n <= 10
        ? ones[n]!
        : n < 20
          ? teens[n - 11]!
          : `${tens[Math.floor(n / 10) - 2]}${n % 10 ? `-${ones[n % 10]}` : ""}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
