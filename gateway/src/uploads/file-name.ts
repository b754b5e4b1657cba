/**
 * A client's file name made safe to show and store: the last path segment, without control or
 * bidirectional-override characters, at most 120 characters. Only ever used as a label.
 */
export function cleanFileName(raw: string | undefined, fallback = 'file'): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  if (!clean) return fallback;
  return clean.length > 120 ? `${clean.slice(0, 117)}...` : clean;
}
