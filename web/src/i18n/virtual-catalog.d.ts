// Compiled catalogues served by web/build/compiled-catalogs.ts (one chunk per locale).
declare module 'virtual:aero-catalog/*' {
  const messages: import('@lingui/core').Messages;
  export default messages;
}
