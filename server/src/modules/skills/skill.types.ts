import { SKILL_LISTS } from '@rules';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { enumOf, type ValueOf } from '../../graphql/enum';
import { AuthorType } from '../users/user.types';
import { pageOf } from '../../graphql/page';
import { Post, PostInput } from '../posts/post.types';

export const SkillListKind = enumOf('SkillListKind', SKILL_LISTS, 'Which skills a list shows.', {
  public: "The space's skills (the active space when none is named).",
  myskills: 'The skills the viewer is a member of, in every space; needs sign-in.',
});
export type SkillListKind = ValueOf<typeof SkillListKind>;

@ObjectType()
export class SkillCounters {
  @Field(() => Int) totalParticipants!: number;
  @Field(() => Int) totalComments!: number;
}

@ObjectType({
  description: 'A skill people have; its members are the people who joined it.',
  implements: Post,
})
export class Skill extends Post {
  @Field(() => String, { description: 'The title' }) name!: string;
  @Field(() => String, { description: 'Rich text (sanitised HTML)' })
  description!: string;
}

export const SkillPage = pageOf(Skill);

@ObjectType()
export class SkillMember {
  @Field(() => AuthorType) user!: AuthorType;
  @Field(() => Date) joinedAt!: Date;
}

export const SkillMemberPage = pageOf(SkillMember);
export type SkillMemberPage = InstanceType<typeof SkillMemberPage>;

@InputType()
export class CreateSkillInput extends PostInput {
  @Field(() => String) name!: string;
  @Field(() => String) description!: string;
  @Field(() => ID, {
    nullable: true,
    description: 'Defaults to the viewer’s active space.',
  })
  spaceId?: string;
}

@InputType()
export class UpdateSkillInput extends PostInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) description?: string;
}
