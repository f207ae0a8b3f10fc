import {
  Arg,
  Authorized,
  Ctx,
  FieldResolver,
  ID,
  Int,
  Mutation,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import type { Context } from '../../context';
import { PostWriteResolver } from '../posts/post-writes.resolver';
import { postAuthor } from '../users/user.service';
import { AuthorType } from '../users/user.types';
import { canEditPost } from '../posts/post.policy';
import type { SkillRow } from './skill.policy';
import { skillJoined, skillMemberUser } from './skill.presenter';
import * as skillsService from './skill.service';
import {
  CreateSkillInput,
  Skill,
  SkillCounters,
  SkillListKind,
  SkillMemberPage,
  SkillPage,
  UpdateSkillInput,
} from './skill.types';
import { AFTER_ARG, FIRST_ARG, toConnection, connectionFrom } from '../../graphql/page';

@Resolver(() => Skill)
export class SkillResolver extends PostWriteResolver(
  {
    name: 'Skill',
    type: Skill,
    createInput: CreateSkillInput,
    updateInput: UpdateSkillInput,
    textField: 'description',
  },
  {
    create: skillsService.createSkill,
    update: skillsService.updateSkill,
    remove: skillsService.deleteSkill,
  },
) {
  @Query(() => SkillPage, {
    description: 'Skills newest first, keyset paginated.',
  })
  skills(
    @Ctx() ctx: Context,
    @Arg('list', () => SkillListKind, {
      defaultValue: SkillListKind.public,
      description: 'Which skills.',
    })
    list: SkillListKind,
    @Arg('spaceId', () => ID, {
      nullable: true,
      description: "The space of the public list; the viewer's active space when omitted.",
    })
    spaceId?: string,
    @Arg('after', () => String, AFTER_ARG) after?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
  ) {
    return connectionFrom(skillsService.listSkills(ctx, { list, spaceId, after, first }));
  }

  @Query(() => Skill, {
    description: 'One skill; NOT_FOUND when it is missing or the viewer may not read it.',
  })
  skill(@Arg('id', () => ID, { description: "The skill's id." }) id: string, @Ctx() ctx: Context) {
    return skillsService.getSkill(ctx, id);
  }

  @Query(() => SkillMemberPage, {
    description: 'Members of a skill, newest first.',
  })
  async skillMembers(
    @Ctx() ctx: Context,
    @Arg('skillId', () => ID, { description: "The skill's id." }) skillId: string,
    @Arg('after', () => String, AFTER_ARG) after?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
  ): Promise<SkillMemberPage> {
    const page = await skillsService.listSkillMembers(ctx, skillId, {
      after,
      first,
    });
    const items = await Promise.all(
      page.items.map(async (member) => ({
        user: await skillMemberUser(ctx, member),
        joinedAt: member.joinedAt,
      })),
    );
    return toConnection({ ...page, items });
  }

  @Authorized()
  @Mutation(() => Skill, {
    description:
      'Makes the viewer a member of a skill they can read; joining twice changes nothing.',
  })
  joinSkill(
    @Arg('id', () => ID, { description: "The skill's id." }) id: string,
    @Ctx() ctx: Context,
  ) {
    return skillsService.joinSkill(ctx, id);
  }

  @Authorized()
  @Mutation(() => Skill, {
    description: 'Takes the viewer out of a skill; leaving one they are not in changes nothing.',
  })
  leaveSkill(
    @Arg('id', () => ID, { description: "The skill's id." }) id: string,
    @Ctx() ctx: Context,
  ) {
    return skillsService.leaveSkill(ctx, id);
  }

  @FieldResolver(() => SkillCounters, { description: 'Its member and comment counts.' })
  counters(@Root() skill: SkillRow): SkillCounters {
    return { totalParticipants: skill.totalParticipants, totalComments: skill.totalComments };
  }

  @FieldResolver(() => Date, {
    description: 'When it was posted (shown relatively).',
  })
  when(@Root() skill: SkillRow): Date {
    return skill.createdAt;
  }

  @FieldResolver(() => Boolean, {
    description: 'Whether the viewer is a member.',
  })
  joined(@Root() skill: SkillRow, @Ctx() ctx: Context): Promise<boolean> {
    return skillJoined(ctx, skill);
  }

  // Declared on each kind rather than once on the Post interface: type-graphql's inherited
  // interface field resolvers cost the feed a fifth of its throughput (docs/performance.md).
  @FieldResolver(() => AuthorType, { description: 'Anonymous for anonymous posts.' })
  author(@Root() post: SkillRow, @Ctx() ctx: Context): AuthorType | Promise<AuthorType> {
    return postAuthor(ctx, post);
  }

  @FieldResolver(() => Boolean, {
    description: 'Whether the viewer may edit and delete it (the author only).',
  })
  canEdit(@Root() post: SkillRow, @Ctx() ctx: Context): boolean {
    return canEditPost(ctx.viewer, post);
  }
}
