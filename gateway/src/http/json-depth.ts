// How deep a request may nest: bodies over HTTP (as text, before they are parsed) and payloads over
// the socket (as values): every request of the API nests a few levels, and thousands would exhaust
// the stack of what reads them (class-transformer).

/** how deep a JSON body may nest: every request of the API nests a few levels; deeper is refused before it is parsed */
export const MAX_JSON_DEPTH = 32;

/** whether the JSON text nests deeper than `max` arrays and objects (one pass over the text, strings skipped) */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** whether a value (a socket payload) nests deeper than `max` arrays and objects (walked without recursion) */
export function valueNestsDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}
