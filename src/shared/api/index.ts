export * from './auth';
export * from './common';
export * from './goals';
export * from './habits';
export * from './reorder';
export * from './tasks';
export * from './today';
export * from './wire-names';
