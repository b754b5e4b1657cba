export * from './button';
export * from './text-field';
export * from './spinner';
export * from './page';
export * from './coming-soon';
export * from './icons';
export * from './toast';
