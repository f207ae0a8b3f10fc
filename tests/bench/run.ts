/**
 * Entry of `npm run bench`. graphql-js, express and Apollo read NODE_ENV when their modules load
 * (graphql-js's `instanceOf` runs a slower cross-realm check unless it is 'production'), so it is
 * set here, before the benchmark imports the server.
 */
process.env.NODE_ENV ??= 'production';
await import('./bench');
export {};
