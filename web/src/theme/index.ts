export * from './tokens';
export * from './resolve-theme';
export { GlobalStyle } from './global-style';
export * from './text';
