/** the longest email address an account may have (RFC 5321's path limit) */
export const EMAIL_MAX_CHARS = 254;

// letters beyond ASCII as the server's check (validator's isEmail) takes them: no surrogates, no
// noncharacters, no full-width ASCII
const WIDE = '\\u00a1-\\ud7ff\\uf900-\\ufdcf\\ufdf0-\\uff00\\uff5f-\\uffef';
const ATOM = `[a-z0-9!#$%&'*+/=?^_\`{|}~${WIDE}-]+`;
const LABEL = `[a-z0-9${WIDE}](?:[a-z0-9${WIDE}-]{0,61}[a-z0-9${WIDE}])?`;

/**
 * An email address as both sides accept it: a local part of at most 64 characters (dot-separated
 * atoms), then a domain of labels (letters, digits and hyphens, not at either end) ending in a
 * top-level domain of two letters or more (or an `xn--` one). The server checks `IsEmail` as well;
 * this is what the web app checks before a call, so that what it lets through the server takes
 * (email.spec.ts holds the two together).
 */
export const EMAIL_PATTERN = /* @__PURE__ */ new RegExp(`^(?=[^@]{1,64}@)${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+(?:[a-z${WIDE}]{2,}|xn--[a-z0-9-]{2,})$`, 'i');
