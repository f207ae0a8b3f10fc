export * from './spaces';
export * from './stories';
export * from './tags';
export * from './users';
