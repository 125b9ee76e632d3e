export * from './constants';
export * from './envelope';
export * from './errors';
export * from './menu';
export * from './password';
export * from './route-path';
export * from './session';
