// What a visitor's text may contain, for every form (contact, comments).

// Single-line fields end up in mail headers (Subject, Reply-To) and on pages: no control
// characters at all (CR/LF, tab, NUL, C1), no lone surrogates, no Unicode line/paragraph
// separators, and no invisible format characters (\p{Cf}: zero-width spaces and joiners,
// bidirectional marks and overrides such as U+200F and U+061C, which could disguise a subject
// line or a name) nor the Hangul fillers that render as nothing, private-use and unassigned
// code points.
export const SINGLE_LINE_FORBIDDEN = /[\p{Cc}\p{Cs}\p{Cf}\p{Co}\p{Cn}\u2028\u2029\u115F\u1160\u3164\uFFA0]/u;
// A message may contain line breaks and tabs, nothing else from the control ranges.
export const MULTI_LINE_FORBIDDEN = /(?![\t\n\r])\p{Cc}|[\p{Cs}\u2028\u2029]/u;

export const isSingleLine = (value: string) => !SINGLE_LINE_FORBIDDEN.test(value);
export const isSafeText = (value: string) => !MULTI_LINE_FORBIDDEN.test(value);
/** Line breaks as "\n" (browsers send "\r\n" from a textarea). */
export const normalizeNewlines = (value: string) => value.replace(/\r\n?/g, "\n");
