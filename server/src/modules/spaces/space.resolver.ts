import { Resolver } from 'type-graphql';

// Filled in by the spaces work of the content-core issue.
@Resolver()
export class SpaceResolver {}
