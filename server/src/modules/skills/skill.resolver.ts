import { Resolver } from 'type-graphql';

// Filled in by the skills work of the content-core issue.
@Resolver()
export class SkillResolver {}
