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
  ParticipantStatusEnum,
} from './space.types';
import { AFTER_ARG, FIRST_ARG, connectionOf, connectionFrom } from '../../graphql/page';

@Resolver(() => Space)
export class SpaceResolver {
  @Query(() => Space, {
    description:
      'A space the viewer may read; an invited or requesting user also sees a private space’s name, purpose and image (not its people or content).',
  })
  space(@Arg('id', () => ID, { description: "The space's id." }) id: string, @Ctx() ctx: Context) {
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
      description:
        'Which of the viewer’s spaces: active (the default), invited, requested, blocked or all.',
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
      description:
        'By name A to Z (countryNamesAZ, the default) or by code Z to A (countryCodesZA).',
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
  detectSpace(
    @Ctx() ctx: Context,
    @Arg('code', () => String, {
      nullable: true,
      description: 'A two-letter country code, any case; the global space when omitted or unknown.',
    })
    code?: string,
  ) {
    return spaceService.detectSpace(ctx, code);
  }

  @Query(() => SpaceParticipantPage, {
    description: 'Participants of a user-created space, for its active participants; newest first.',
  })
  participants(
    @Ctx() ctx: Context,
    @Arg('spaceId', () => ID, { description: "The space's id." }) spaceId: string,
    @Arg('status', () => ParticipantFilterKind, {
      defaultValue: ParticipantFilterKind.active,
      description:
        'Which participants: active (the default), owner, admin or contributor; invited, requested, blocked and all for owners and admins only.',
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
    @Arg('query', () => String, {
      description: 'The name to look for, 1 to 100 characters after trimming.',
    })
    query: string,
    @Arg('spaceId', () => ID, {
      nullable: true,
      description: 'A space whose participants (in any status) to leave out.',
    })
    spaceId?: string,
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
  createSpace(
    @Arg('input', () => CreateSpaceInput, { description: 'The new space.' })
    input: CreateSpaceInput,
    @Ctx() ctx: Context,
  ) {
    return spaceService.createSpace(ctx, input);
  }

  @Authorized()
  @Mutation(() => Space, {
    description: "Changes a space's name, purpose, privacy or image (its owner only).",
  })
  updateSpace(
    @Arg('id', () => ID, { description: "The space's id." }) id: string,
    @Arg('input', () => UpdateSpaceInput, { description: 'The fields to change.' })
    input: UpdateSpaceInput,
    @Ctx() ctx: Context,
  ) {
    return spaceService.updateSpace(ctx, id, input);
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: 'Owner only; removes the space with all its content.',
  })
  async deleteSpace(
    @Arg('id', () => ID, { description: "The space's id." }) id: string,
    @Ctx() ctx: Context,
  ) {
    await spaceService.deleteSpace(ctx, id);
    return true;
  }

  @Authorized()
  @Mutation(() => Int, {
    description: 'Owner or admin invites users; returns how many were newly invited.',
  })
  sendInvites(
    @Arg('spaceId', () => ID, { description: "The space's id." }) spaceId: string,
    @Arg('userIds', () => [ID], {
      description: 'The people to invite, 1 to 50; those already in the space are left alone.',
    })
    userIds: string[],
    @Ctx() ctx: Context,
  ) {
    return spaceInvitationsService.sendInvites(ctx, spaceId, userIds);
  }

  @Authorized()
  @Mutation(() => Space, {
    description: 'Accepts an invitation: the viewer becomes a contributor.',
  })
  acceptInvite(
    @Arg('spaceId', () => ID, { description: 'The id of the space the viewer was invited to.' })
    spaceId: string,
    @Ctx() ctx: Context,
  ) {
    return spaceInvitationsService.acceptInvite(ctx, spaceId);
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: 'Declines an invitation: the viewer is no longer invited; returns true.',
  })
  async declineInvite(
    @Arg('spaceId', () => ID, { description: 'The id of the space the viewer was invited to.' })
    spaceId: string,
    @Ctx() ctx: Context,
  ) {
    await spaceInvitationsService.declineInvite(ctx, spaceId);
    return true;
  }

  @Authorized()
  @Mutation(() => String, {
    description: 'Asks to join a private space; returns the status (requested).',
  })
  async requestAccess(
    @Arg('spaceId', () => ID, { description: "The private space's id." }) spaceId: string,
    @Ctx() ctx: Context,
  ) {
    return (await spaceInvitationsService.requestAccess(ctx, spaceId)).status;
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: 'Owner or admin: the requester becomes a contributor.',
  })
  async approveRequest(
    @Arg('spaceId', () => ID, { description: "The space's id." }) spaceId: string,
    @Arg('userId', () => ID, { description: "The requester's user id." }) userId: string,
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
    @Arg('spaceId', () => ID, { description: "The space's id." }) spaceId: string,
    @Arg('userId', () => ID, { description: "The requester's user id." }) userId: string,
    @Ctx() ctx: Context,
  ) {
    await spaceInvitationsService.answerRequest(ctx, spaceId, userId, false);
    return true;
  }

  @Authorized()
  @Mutation(() => SpaceParticipant, {
    description:
      "Owner or admin changes another participant's status; only the owner makes or changes admins, and the owner's is fixed.",
  })
  setParticipantStatus(
    @Arg('spaceId', () => ID, { description: "The space's id." }) spaceId: string,
    @Arg('userId', () => ID, { description: "The participant's user id." }) userId: string,
    @Arg('status', () => AssignableStatusKind, { description: 'The status to give them.' })
    status: AssignableStatusKind,
    @Ctx() ctx: Context,
  ) {
    return spaceInvitationsService.setParticipantStatus(ctx, spaceId, userId, status);
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: 'Leaves a space or withdraws a request; the owner cannot leave.',
  })
  async leaveSpace(
    @Arg('spaceId', () => ID, { description: "The space's id." }) spaceId: string,
    @Ctx() ctx: Context,
  ) {
    await spaceInvitationsService.leaveSpace(ctx, spaceId);
    return true;
  }

  @Authorized()
  @Mutation(() => Space, {
    description: 'Makes a readable space the active (default) space and records the visit.',
  })
  changeSpace(
    @Arg('spaceId', () => ID, { description: 'The id of the space to make active.' })
    spaceId: string,
    @Ctx() ctx: Context,
  ) {
    return mySpacesService.changeSpace(ctx, spaceId);
  }

  @Authorized()
  @Mutation(() => Space, {
    description: 'Marks or unmarks a space the viewer may read as one of their favourites.',
  })
  favoriteSpace(
    @Arg('spaceId', () => ID, { description: "The space's id." }) spaceId: string,
    @Arg('favorite', () => Boolean, { description: 'True marks it a favourite, false unmarks it.' })
    favorite: boolean,
    @Ctx() ctx: Context,
  ) {
    return mySpacesService.favoriteSpace(ctx, spaceId, favorite);
  }

  @FieldResolver(() => ID, {
    description: 'Same as id (the spec’s name).',
    deprecationReason: 'Use id.',
  })
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

  @FieldResolver(() => ParticipantStatusEnum, {
    nullable: true,
    description: 'The viewer’s participant status; null when none.',
  })
  status(@Root() space: SpaceRow, @Ctx() ctx: Context) {
    return spaceService.viewerStatus(ctx, space.id);
  }

  @FieldResolver(() => Boolean, {
    description: 'The viewer marked it a favourite (false signed out).',
  })
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
  @FieldResolver(() => AuthorType, { description: 'The participant.' })
  user(@Root() participant: ParticipantView): AuthorView {
    return authorView(participant.user);
  }
}
