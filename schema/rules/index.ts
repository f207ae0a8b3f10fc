export * from './enums';
export * from './hashtags';
export * from './html-text';
export * from './limits';
export * from './messages';
export * from './validators';
