import { Resolver } from 'type-graphql';

// Filled in by the solutions work of the content-core issue.
@Resolver()
export class SolutionResolver {}
