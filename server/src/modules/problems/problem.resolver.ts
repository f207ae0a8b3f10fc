import { Resolver } from 'type-graphql';

// Filled in by the problems work of the content-core issue.
@Resolver()
export class ProblemResolver {}
