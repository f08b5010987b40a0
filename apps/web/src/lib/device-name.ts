/** A session's device in words from its user agent: the browser and the system, enough to recognise it. */
export interface DeviceName {
  browser: string;
  os: string;
}

// Order matters: Edge, Opera and Yandex say "Chrome" too, and Chrome says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/YaBrowser\//, 'Яндекс Браузер'],
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const first = (list: [RegExp, string][], text: string) => list.find(([pattern]) => pattern.test(text))?.[1];

/** Null when neither is recognisable (a script, a missing header): the screen says "unknown device". */
export function deviceName(userAgent: string | null): DeviceName | null {
  if (!userAgent) return null;
  const browser = first(BROWSERS, userAgent);
  const os = first(SYSTEMS, userAgent);
  if (!browser && !os) return null;
  return { browser: browser ?? '—', os: os ?? '—' };
}
