import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType({
  description: 'Dashboard counters of the active space, counting only what the viewer may see.',
})
export class DashboardInfo {
  @Field(() => Int, { description: 'Listed problems of the space (no drafts or pending posts).' })
  totalProblems!: number;
  @Field(() => Int, { description: 'Tags used by listed content of the space.' })
  totalTags!: number;
  @Field(() => Int, { deprecationReason: 'Use totalTags.', description: 'The same as totalTags.' })
  total_tags!: number;
  @Field(() => Int, {
    description: "Stories in the space's feed (not drafts, pending or problem stories).",
  })
  totalStories!: number;
  @Field(() => Int, {
    description: 'Registered users (public spaces) or active participants (a private space).',
  })
  totalUsers!: number;
  @Field(() => Int, {
    deprecationReason: 'Use totalUsers.',
    description: 'The same as totalUsers.',
  })
  total_users!: number;
  @Field(() => Int, { description: 'Listed skills of the space.' }) totalSkills!: number;
}
