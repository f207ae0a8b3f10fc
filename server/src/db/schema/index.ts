export * from './engagement';
export * from './problems';
export * from './skills';
export * from './solutions';
export * from './spaces';
export * from './stories';
export * from './tags';
export * from './users';
