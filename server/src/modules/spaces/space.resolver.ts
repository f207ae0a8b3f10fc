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
import { authorView, type AuthorView } from '../users/user.service';
import { AuthorType } from '../users/user.types';
import { canEditSpace, canManage } from './space-status';
import { presentUserSearchResult } from './space.presenter';
import * as spaceService from './space.service';
import * as mySpacesService from './my-spaces.service';
import * as spaceInvitationsService from './space-invitations.service';
import * as spaceParticipantsService from './space-participants.service';
import type { ParticipantView } from './space-participants.service';
import type { SpaceRow } from './space.service';
import {
  AssignableStatusKind,
  CountrySpaceSortKind,
  CreateSpaceInput,
  ParticipantFilterKind,
  Space,
  SpaceListStatus,
  SpacePage,
  SpaceParticipant,
  SpaceParticipantPage,
  UpdateSpaceInput,
  UserSearchPage,
} from './space.types';
import { AFTER_ARG, FIRST_ARG, connectionOf, connectionFrom } from '../../graphql/page';

@Resolver(() => Space)
export class SpaceResolver {
  @Query(() => Space, {
    description:
      'A space the viewer may read; an invited or requesting user also sees a private space’s name, purpose and image (not its people or content).',
  })
  space(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return spaceService.getSpace(ctx, id);
  }

  @Authorized()
  @Query(() => SpacePage, {
    description: 'The viewer’s private spaces by their status, most recently changed first.',
  })
  mySpaces(
    @Ctx() ctx: Context,
    @Arg('status', () => SpaceListStatus, {
      defaultValue: SpaceListStatus.active,
    })
    status: SpaceListStatus,
    @Arg('after', () => String, AFTER_ARG) after?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
  ) {
    return connectionFrom(mySpacesService.listMySpaces(ctx, { status, after, first }));
  }

  @Query(() => [Space], {
    description: 'The viewer’s favourite spaces (empty signed out).',
  })
  favoriteSpaces(@Ctx() ctx: Context) {
    return mySpacesService.listFavoriteSpaces(ctx);
  }

  @Query(() => [Space], {
    description: 'Spaces the viewer entered last, newest first (3 unless asked).',
  })
  recentSpaces(@Ctx() ctx: Context, @Arg('first', () => Int, FIRST_ARG) first?: number) {
    return mySpacesService.listRecentSpaces(ctx, first);
  }

  @Query(() => Int, {
    description: 'Invitations waiting for the viewer (0 signed out).',
  })
  spaceInviteCount(@Ctx() ctx: Context) {
    return spaceInvitationsService.countInvites(ctx);
  }

  @Query(() => SpacePage, { description: 'Country spaces, keyset paginated.' })
  countrySpaces(
    @Ctx() ctx: Context,
    @Arg('sort', () => CountrySpaceSortKind, {
      defaultValue: CountrySpaceSortKind.countryNamesAZ,
    })
    sort: CountrySpaceSortKind,
    @Arg('after', () => String, AFTER_ARG) after?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
  ) {
    return connectionFrom(spaceService.listCountrySpaces(ctx, { sort, after, first }));
  }

  @Query(() => Space, {
    description: 'The country space of an ISO code, else the global space.',
  })
  detectSpace(@Ctx() ctx: Context, @Arg('code', () => String, { nullable: true }) code?: string) {
    return spaceService.detectSpace(ctx, code);
  }

  @Query(() => SpaceParticipantPage, {
    description: 'Participants of a user-created space, for its active participants; newest first.',
  })
  participants(
    @Ctx() ctx: Context,
    @Arg('spaceId', () => ID) spaceId: string,
    @Arg('status', () => ParticipantFilterKind, {
      defaultValue: ParticipantFilterKind.active,
    })
    status: ParticipantFilterKind,
    @Arg('after', () => String, AFTER_ARG) after?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
  ) {
    return connectionFrom(
      spaceParticipantsService.listParticipants(ctx, {
        spaceId,
        status,
        after,
        first,
      }),
    );
  }

  @Authorized()
  @Query(() => UserSearchPage, {
    description:
      'Users by display name: any part of it from 3 characters on, a whole name or word below; with spaceId, without those already in it.',
  })
  async searchUsers(
    @Ctx() ctx: Context,
    @Arg('query', () => String) query: string,
    @Arg('spaceId', () => ID, { nullable: true }) spaceId?: string,
    @Arg('after', () => String, AFTER_ARG) after?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
  ): Promise<UserSearchPage> {
    const page = await spaceParticipantsService.searchUsers(ctx, {
      query,
      spaceId,
      after,
      first,
    });
    return connectionOf(page, presentUserSearchResult);
  }

  @Authorized()
  @Mutation(() => Space, {
    description: 'Creates a space; the creator becomes its owner.',
  })
  createSpace(@Arg('input', () => CreateSpaceInput) input: CreateSpaceInput, @Ctx() ctx: Context) {
    return spaceService.createSpace(ctx, input);
  }

  @Authorized()
  @Mutation(() => Space, { description: 'Owner only.' })
  updateSpace(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateSpaceInput) input: UpdateSpaceInput,
    @Ctx() ctx: Context,
  ) {
    return spaceService.updateSpace(ctx, id, input);
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: 'Owner only; removes the space with all its content.',
  })
  async deleteSpace(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    await spaceService.deleteSpace(ctx, id);
    return true;
  }

  @Authorized()
  @Mutation(() => Int, {
    description: 'Owner or admin invites users; returns how many were newly invited.',
  })
  sendInvites(
    @Arg('spaceId', () => ID) spaceId: string,
    @Arg('userIds', () => [ID]) userIds: string[],
    @Ctx() ctx: Context,
  ) {
    return spaceInvitationsService.sendInvites(ctx, spaceId, userIds);
  }

  @Authorized()
  @Mutation(() => Space, {
    description: 'Accepts an invitation: the viewer becomes a contributor.',
  })
  acceptInvite(@Arg('spaceId', () => ID) spaceId: string, @Ctx() ctx: Context) {
    return spaceInvitationsService.acceptInvite(ctx, spaceId);
  }

  @Authorized()
  @Mutation(() => Boolean)
  async declineInvite(@Arg('spaceId', () => ID) spaceId: string, @Ctx() ctx: Context) {
    await spaceInvitationsService.declineInvite(ctx, spaceId);
    return true;
  }

  @Authorized()
  @Mutation(() => String, {
    description: 'Asks to join a private space; returns the status (requested).',
  })
  async requestAccess(@Arg('spaceId', () => ID) spaceId: string, @Ctx() ctx: Context) {
    return (await spaceInvitationsService.requestAccess(ctx, spaceId)).status;
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: 'Owner or admin: the requester becomes a contributor.',
  })
  async approveRequest(
    @Arg('spaceId', () => ID) spaceId: string,
    @Arg('userId', () => ID) userId: string,
    @Ctx() ctx: Context,
  ) {
    await spaceInvitationsService.answerRequest(ctx, spaceId, userId, true);
    return true;
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: 'Owner or admin: removes the request.',
  })
  async denyRequest(
    @Arg('spaceId', () => ID) spaceId: string,
    @Arg('userId', () => ID) userId: string,
    @Ctx() ctx: Context,
  ) {
    await spaceInvitationsService.answerRequest(ctx, spaceId, userId, false);
    return true;
  }

  @Authorized()
  @Mutation(() => SpaceParticipant)
  setParticipantStatus(
    @Arg('spaceId', () => ID) spaceId: string,
    @Arg('userId', () => ID) userId: string,
    @Arg('status', () => AssignableStatusKind) status: AssignableStatusKind,
    @Ctx() ctx: Context,
  ) {
    return spaceInvitationsService.setParticipantStatus(ctx, spaceId, userId, status);
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: 'Leaves a space or withdraws a request; the owner cannot leave.',
  })
  async leaveSpace(@Arg('spaceId', () => ID) spaceId: string, @Ctx() ctx: Context) {
    await spaceInvitationsService.leaveSpace(ctx, spaceId);
    return true;
  }

  @Authorized()
  @Mutation(() => Space, {
    description: 'Makes a readable space the active (default) space and records the visit.',
  })
  changeSpace(@Arg('spaceId', () => ID) spaceId: string, @Ctx() ctx: Context) {
    return mySpacesService.changeSpace(ctx, spaceId);
  }

  @Authorized()
  @Mutation(() => Space)
  favoriteSpace(
    @Arg('spaceId', () => ID) spaceId: string,
    @Arg('favorite', () => Boolean) favorite: boolean,
    @Ctx() ctx: Context,
  ) {
    return mySpacesService.favoriteSpace(ctx, spaceId, favorite);
  }

  @FieldResolver(() => ID, { description: 'Same as id (the spec’s name).' })
  spaceId(@Root() space: SpaceRow): string {
    return space.id;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: "The space image's address (served to the space's readers).",
  })
  img(@Root() space: SpaceRow): string | null {
    return space.imageUrl;
  }

  @FieldResolver(() => AuthorType, {
    nullable: true,
    description:
      'Who created it, for those who may see its people (null for built-in spaces, and for invited, requesting or blocked users of a private space).',
  })
  async author(@Root() space: SpaceRow, @Ctx() ctx: Context): Promise<AuthorView | null> {
    const user = await spaceService.spaceCreator(ctx, space);
    return user ? authorView(user) : null;
  }

  @FieldResolver(() => AuthorType, {
    nullable: true,
    description: 'Who invited the viewer, while their invitation waits.',
  })
  async invitedBy(@Root() space: SpaceRow, @Ctx() ctx: Context): Promise<AuthorView | null> {
    const user = await spaceService.spaceInviter(ctx, space);
    return user ? authorView(user) : null;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: 'The viewer’s participant status, if any.',
  })
  status(@Root() space: SpaceRow, @Ctx() ctx: Context) {
    return spaceService.viewerStatus(ctx, space.id);
  }

  @FieldResolver(() => Boolean)
  favorite(@Root() space: SpaceRow, @Ctx() ctx: Context) {
    return mySpacesService.viewerFavorite(ctx, space.id);
  }

  @FieldResolver(() => Boolean, {
    description: 'The viewer owns it: may edit and delete.',
  })
  async canEdit(@Root() space: SpaceRow, @Ctx() ctx: Context) {
    return canEditSpace(await spaceService.viewerStatus(ctx, space.id));
  }

  @FieldResolver(() => Boolean, {
    description: 'The viewer is owner or admin: may manage participants.',
  })
  async canManage(@Root() space: SpaceRow, @Ctx() ctx: Context) {
    return canManage(await spaceService.viewerStatus(ctx, space.id));
  }

  @FieldResolver(() => Int, {
    nullable: true,
    description:
      'Active participants, for those who may see its people (null for invited, requesting or blocked users of a private space; 0 for built-in spaces, whose members are not listed).',
  })
  totalParticipants(@Root() space: SpaceRow, @Ctx() ctx: Context) {
    return spaceService.spaceParticipantCount(ctx, space);
  }
}

@Resolver(() => SpaceParticipant)
export class SpaceParticipantResolver {
  @FieldResolver(() => AuthorType)
  user(@Root() participant: ParticipantView): AuthorView {
    return authorView(participant.user);
  }
}
