/** One builder file per entity; tests import what they need from here. */
export * from './users';
export * from './spaces';
export * from './stories';
export * from './problems';
export * from './solutions';
export * from './skills';
export * from './tags';
export * from './votes';
export * from './comments';
export * from './reactions';
export * from './bookmarks';
export * from './people';
export * from './admin';
export * from './explainers';
export * from './push';
export * from './notifications';
export * from './moderation';
