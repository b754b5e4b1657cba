// Compiled catalogues served by web/build/compiled-catalogs.ts (three chunks per locale: catalog-parts.ts).
declare module 'virtual:aero-catalog/*' {
  const messages: import('@lingui/core').Messages;
  export default messages;
}
declare module 'virtual:aero-catalog-screens/*' {
  const messages: import('@lingui/core').Messages;
  export default messages;
}
declare module 'virtual:aero-catalog-pages/*' {
  const messages: import('@lingui/core').Messages;
  export default messages;
}
