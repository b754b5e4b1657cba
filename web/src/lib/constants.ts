// Product constants of spec §9 used by the web client. (The same values live in
// libs/contracts/src/limits.ts for the server; keep them in step.)
export const PRODUCT_NAME = 'AeroMatch';
export const TAGLINE = 'Where Aviation Meets Romance';

export const TOAST_DURATION_MS = 5000;
export const INSTALL_PROMPT_DELAY_MS = 10_000;
export const INSTALL_DISMISS_SUPPRESS_MS = 24 * 60 * 60 * 1000;
export const SIGNUP_PASSWORD_MIN = 6;
export const RESET_PASSWORD_MIN = 8;
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_AUTO_SUBMIT_MS = 100;
export const POST_LOGIN_FETCH_DELAY_MS = 100;
export const CURRENT_USER_RETRIES = 2;
export const CURRENT_USER_RETRY_DELAY_MS = 1000;
