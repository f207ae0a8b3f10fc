import type { Context } from '../../context';
import { viewerBookmarked } from '../bookmarks/bookmark.presenter';
import { ANONYMOUS_AUTHOR, authorView, postAuthor, type AuthorView } from '../users/user.service';
import { canEditSkill, type SkillRow } from './skill.policy';
import type { SkillMemberRow } from './skill.service';

/** A member as shown in the members list; an anonymous skill's author stays Anonymous there too. */
export async function skillMemberUser(ctx: Context, member: SkillMemberRow): Promise<AuthorView> {
  if (member.skill.isAnonymousPost && member.userId === member.skill.authorId)
    return ANONYMOUS_AUTHOR;
  return authorView(await ctx.loaders.authorById.load(member.userId));
}

export const skillJoined = (ctx: Context, skill: SkillRow) =>
  ctx.loaders.joinedBySkill.load(skill.id);

/** The REST shape of a skill: the entity fields of the spec (000 §3). */
export async function presentSkill(ctx: Context, skill: SkillRow) {
  const [author, joined] = await Promise.all([postAuthor(ctx, skill), skillJoined(ctx, skill)]);
  return {
    id: skill.id,
    name: skill.name,
    description: skill.description,
    tags: skill.tags,
    spaceId: skill.spaceId,
    author,
    isAnonymousPost: skill.isAnonymousPost,
    isApproved: skill.isApproved,
    isHidden: skill.isHidden,
    files: skill.files,
    counters: { totalParticipants: skill.totalParticipants, totalComments: skill.totalComments },
    joined,
    bookmarked: await viewerBookmarked(ctx, 'skills', skill),
    canEdit: canEditSkill(ctx.viewer, skill),
    createdAt: skill.createdAt.toISOString(),
    when: skill.createdAt.toISOString(),
  };
}
