import { Resolver } from 'type-graphql';

// Filled in by the tags work of the content-core issue.
@Resolver()
export class TagResolver {}
