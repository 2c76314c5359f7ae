// The browser's name (its family, not its version, its system or its device), read from its
// User-Agent: what the day's visitor hash is made of with the address (docs/traffic.md), so that
// nothing finer than "Chrome" or "Safari" from one address tells two visitors apart. A short list
// rather than a parser package: the hash needs seven names, not a maintained database of
// versions and devices. Order matters: Edge, Opera and Samsung Internet say "Chrome" too, and
// Chrome says "Safari".

export type BrowserName = "Chrome" | "Edge" | "Firefox" | "Safari" | "Samsung Internet" | "Opera" | "other";

const FAMILIES: readonly (readonly [BrowserName, RegExp])[] = [
  // Edg/ (Windows, macOS), EdgA/ (Android), EdgiOS/, Edge/ (the old EdgeHTML one).
  ["Edge", /\bEdg(?:e|A|iOS)?\//],
  // OPR/ (desktop, Android, GX), OPT/ (Touch), OPiOS/, OPX/; Opera/9.80 and Opera Mini (Presto).
  ["Opera", /\b(?:OPR|OPT|OPiOS|OPX)\/|\bOpera\b/],
  ["Samsung Internet", /\bSamsungBrowser\//],
  // Chromium's other browsers that name themselves: not one of the families.
  ["other", /\b(?:UCBrowser|UCWEB|YaBrowser|Vivaldi|MiuiBrowser|HeyTapBrowser|PHX|Silk)\b/],
  ["Firefox", /\b(?:Firefox|FxiOS)\//],
  // Chrome, on iOS CriOS; Android's WebView (…Version/4.0 Chrome/…) is Chrome's engine too.
  ["Chrome", /\b(?:Chrome|CriOS|Chromium)\//],
];

/** The browser's family from its User-Agent ("other" when none of the six, or none given). Each
 *  test is one scan of the text (no pattern that backtracks over a long User-Agent). */
export function browserName(agent: string | undefined): BrowserName {
  if (!agent) return "other";
  for (const [name, pattern] of FAMILIES) if (pattern.test(agent)) return name;
  // Safari says its version in Version/; Android's old browser says it too, and is not Safari.
  if (/\bSafari\//.test(agent) && /\bVersion\//.test(agent) && !/\bAndroid\b/.test(agent)) return "Safari";
  return "other";
}
