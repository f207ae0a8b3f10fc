/**
 * Builds the demo community (demo-community.ts) through the product's own services, the way its
 * people would through the app: sign-up and the e-mailed verification link, then every post,
 * join, status change and follow as that person, signed in with a real session. Every rule,
 * counter and tag counter is therefore exactly what the app produces. Nothing is inserted around
 * the services; the only direct database access is reading which demo accounts exist.
 *
 * Used by `npm run seed:demo` (seed-demo.ts) and by tests/integration/seed-demo.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { mapNodeKey, newLayer, type MapPositions } from '@rules';
import { inArray } from 'drizzle-orm';
import { requireViewer } from '../auth/guards';
import { createContext, type AppDeps, type Context } from '../context';
import { aiResults, users } from '../db/schema';
import type { Mail } from '../mail/mailer';
import * as authService from '../modules/auth/auth.service';
import * as bookmarkService from '../modules/bookmarks/bookmark.service';
import * as conversationService from '../modules/chat/chat-conversations.service';
import * as chatMessageService from '../modules/chat/chat-messages.service';
import * as commentService from '../modules/comments/comment.service';
import * as mapGraphService from '../modules/maps/map-graph.service';
import * as waypointService from '../modules/maps/map-waypoints.service';
import * as mapService from '../modules/maps/map.service';
import * as moderationItems from '../modules/moderation/moderation-items.service';
import * as moderationReports from '../modules/moderation/moderation-reports.service';
import * as moderationRoles from '../modules/moderation/moderation-roles.service';
import * as digestService from '../modules/notifications/digest.service';
import * as peopleService from '../modules/people/people.service';
import * as problemService from '../modules/problems/problem.service';
import * as problemMembersService from '../modules/problems/problem-members.service';
import * as problemStatusService from '../modules/problems/problem-status.service';
import * as problemPartsService from '../modules/problems/problem-parts.service';
import * as problemMeasurementsService from '../modules/problems/problem-measurements.service';
import * as reactionService from '../modules/reactions/reaction.service';
import * as skillService from '../modules/skills/skill.service';
import * as solutionService from '../modules/solutions/solution.service';
import * as solutionLinksService from '../modules/solutions/solution-links.service';
import * as voteService from '../modules/votes/vote.service';
import * as spaceService from '../modules/spaces/space.service';
import * as mySpacesService from '../modules/spaces/my-spaces.service';
import * as spaceInvitationsService from '../modules/spaces/space-invitations.service';
import * as storyService from '../modules/stories/story.service';
import * as tagFollowsService from '../modules/tags/tag-follows.service';
import * as profileTagsService from '../modules/tags/profile-tags.service';
import * as alertTagsService from '../modules/tags/alert-tags.service';
import * as aiConfigService from '../modules/ai/ai-config.service';
import * as aiPublishService from '../modules/ai/ai-publish.service';
import { recordUsage } from '../modules/ai/ai-usage.service';
import { grantSubscriptionWithoutStripe } from '../modules/billing';
import * as aiChatService from '../modules/ai/ai-chat.service';
import * as apiTokenService from '../modules/tokens/api-token.service';
import { deleteAccount } from '../modules/users/account-deletion.service';
import * as userService from '../modules/users/user.service';
import {
  AI_CHATS,
  AI_CONFIGS,
  AI_RESULTS,
  API_TOKENS,
  PREMIUM_DEMO,
  DEMO_AI_KEY,
  DEMO_PASSWORD,
  MODERATION,
  PEOPLE,
  PERSON_FOLLOWS,
  PRIVATE_SPACES,
  PROBLEMS,
  SKILLS,
  SOLUTIONS,
  STORIES,
  THREADS,
  REACTIONS,
  BOOKMARKS,
  CHATS,
  MAPS,
  MAP_BOOKMARKS,
  type DemoChat,
  type DemoMapNode,
  type MapKey,
  type DemoPerson,
  type DemoStory,
  type DemoPostRef,
  type PersonKey,
  type ProblemKey,
  type SolutionKey,
  type SpaceKey,
} from './demo-community';
import { demoMediaInputs, demoTranscripts } from './demo-media';
import { demoProblemLocation, demoSolutionLocation, demoStoryLocation } from './demo-places';

const DAY_MS = 24 * 3600_000;

/** What one run created, for the command's summary. */
export interface DemoCounts {
  people: number;
  privateSpaces: number;
  participants: number;
  problems: number;
  statusChanges: number;
  parts: number;
  measurements: number;
  solutions: number;
  links: number;
  votes: number;
  skills: number;
  skillMembers: number;
  stories: number;
  comments: number;
  reactions: number;
  bookmarks: number;
  follows: number;
  personFollows: number;
  alerts: number;
  conversations: number;
  chatMessages: number;
  maps: number;
  waypoints: number;
  apiTokens: number;
  aiConfigs: number;
  aiResults: number;
  aiChats: number;
  subscriptions: number;
}

export interface SeedDemoResult {
  /** `already-seeded`: the demo was complete, so nothing was added. */
  outcome: 'seeded' | 'already-seeded';
  /** Demo accounts removed first (with `reset`). */
  removed: number;
  created: DemoCounts;
}

/** Demo accounts exist without the last one made: an earlier run stopped part-way. */
export class DemoPartlySeededError extends Error {
  constructor(found: number) {
    super(
      `${found} of the ${PEOPLE.length} demo accounts exist, but not the last one the seed ` +
        'creates: an earlier run stopped part-way. Run it again with --reset to start over.',
    );
    this.name = 'DemoPartlySeededError';
  }
}

const NEWCOMER = PEOPLE.at(-1)!;

/**
 * Fills the demo community unless it is there already. The newcomer's account is made last of
 * all, so it marks a finished run: with it the demo is complete and a second run adds nothing;
 * demo accounts without it mean a run that stopped, which only `reset` repairs.
 */
export async function seedDemo(
  deps: AppDeps,
  options: { reset?: boolean } = {},
): Promise<SeedDemoResult> {
  const removed = options.reset ? await resetDemo(deps) : 0;
  const existing = await demoAccounts(deps);
  if (existing.has(NEWCOMER.email)) {
    return { outcome: 'already-seeded', removed, created: emptyCounts() };
  }
  if (existing.size > 0) throw new DemoPartlySeededError(existing.size);
  const created = await new DemoBuilder(deps).build();
  return { outcome: 'seeded', removed, created };
}

/**
 * Removes the demo's own accounts (and only those: the demo e-mails) through the account
 * deletion service, which takes their posts, joins and follows out of every counter. Private
 * spaces a demo account owns go first through the space service: deleting an account leaves its
 * spaces behind without an owner. Returns how many accounts were removed.
 */
export async function resetDemo(deps: AppDeps): Promise<number> {
  const existing = await demoAccounts(deps);
  for (const userId of existing.values()) {
    const { token } = await deps.sessions.create(userId);
    const ctx = () => requestContext(deps, token, `demo-reset:${userId}`);
    const owned = await mySpacesService.listMySpaces(await ctx(), { status: 'active', first: 100 });
    for (const space of owned.items) {
      if (space.authorId === userId) await spaceService.deleteSpace(await ctx(), space.id);
    }
    await deleteAccount(await ctx());
  }
  return existing.size;
}

/** The demo accounts that exist, by e-mail. */
async function demoAccounts(deps: AppDeps): Promise<Map<string, string>> {
  const rows = await deps.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        PEOPLE.map((person) => person.email),
      ),
    );
  return new Map(rows.map((row) => [row.email, row.id]));
}

/** A fresh request context (fresh loaders, the session's current viewer), as each request has. */
function requestContext(deps: AppDeps, token: string | null, clientAddress: string) {
  const credential = token ? { token, fromCookie: false } : null;
  return createContext(deps, { credential, clientAddress, requestId: randomUUID() });
}

const emptyCounts = (): DemoCounts => ({
  people: 0,
  privateSpaces: 0,
  participants: 0,
  problems: 0,
  statusChanges: 0,
  parts: 0,
  measurements: 0,
  solutions: 0,
  links: 0,
  votes: 0,
  skills: 0,
  skillMembers: 0,
  stories: 0,
  comments: 0,
  reactions: 0,
  bookmarks: 0,
  follows: 0,
  personFollows: 0,
  alerts: 0,
  conversations: 0,
  chatMessages: 0,
  maps: 0,
  waypoints: 0,
  apiTokens: 0,
  aiConfigs: 0,
  aiResults: 0,
  aiChats: 0,
  subscriptions: 0,
});

class DemoBuilder {
  private readonly sessions = new Map<PersonKey, { id: string; token: string }>();
  private readonly spaceIds = new Map<SpaceKey, string>([
    ['ww', 'ww'],
    ['in', 'in'],
    ['ke', 'ke'],
  ]);
  private readonly problemIds = new Map<ProblemKey, string>();
  private readonly solutionIds = new Map<SolutionKey, string>();
  private readonly storyIds = new Map<DemoStory, string>();
  private readonly mapIds = new Map<MapKey, string>();
  private readonly counts = emptyCounts();

  constructor(private readonly deps: AppDeps) {}

  async build(): Promise<DemoCounts> {
    try {
      for (const person of PEOPLE.slice(0, -1)) await this.join(person);
      await this.privateSpaces();
      await this.problems();
      await this.solutions();
      await this.votes();
      await this.skills();
      await this.stories();
      await this.threads();
      await this.reactionsAndBookmarks();
      await this.maps();
      await this.chats();
      await this.moderation();
      await this.apiTokens();
      await this.aiConfigs();
      await this.aiResults();
      await this.premium();
      for (const person of PEOPLE.slice(0, -1)) await this.settle(person);
      await this.personFollows();
      // The newcomer last (the finished-run marker), then the invitations that wait for her.
      await this.join(NEWCOMER);
      await this.settle(NEWCOMER);
      await this.invitations();
    } finally {
      // After a failure too; a sign-out that fails then must not hide the failure itself.
      await this.signOutAll().catch((error: unknown) =>
        this.deps.log.warn({ err: error }, 'demo seed: signing out failed'),
      );
    }
    return this.counts;
  }

  /** A context for the next request of `key`, signed in with their session. */
  private as(key: PersonKey): Promise<Context> {
    const session = this.sessions.get(key);
    if (!session) throw new Error(`demo person ${key} has not signed up yet`);
    return requestContext(this.deps, session.token, `demo-seed:${key}`);
  }

  private id<K, V>(map: Map<K, V>, key: K): V {
    const value = map.get(key);
    if (value === undefined) throw new Error(`demo item ${String(key)} was not created`);
    return value;
  }

  private userId(key: PersonKey) {
    return this.id(this.sessions, key).id;
  }

  /**
   * Sign-up, the verification link, sign-in and the profile, as a person does it. Each person
   * signs up from an address of their own (as tests/helpers/factories/users.ts explains); the
   * verification mail is caught here rather than sent, since example.org has no mailboxes.
   */
  private async join(person: DemoPerson) {
    const mails: Mail[] = [];
    const clientAddress = `demo-seed:${person.key}`;
    const ctx: Context = {
      ...(await requestContext(this.deps, null, clientAddress)),
      mailer: { send: async (mail) => void mails.push(mail) },
    };
    await authService.signUp(ctx, {
      email: person.email,
      password: DEMO_PASSWORD,
      displayName: person.displayName,
      role: person.role,
    });
    const link = mails.find((mail) => mail.to === person.email)?.link;
    const token = link ? new URL(link).searchParams.get('token') : null;
    if (!token) throw new Error(`no verification link was mailed to ${person.email}`);
    await authService.verifyEmail(ctx, token);
    const signedIn = await authService.signIn(ctx, {
      email: person.email,
      password: DEMO_PASSWORD,
    });
    this.sessions.set(person.key, { id: signedIn.user.id, token: signedIn.token });

    await userService.updateProfile(await this.as(person.key), { bio: person.bio });
    if (person.appLang !== 'en')
      await userService.updateLanguage(await this.as(person.key), person.appLang);
    await profileTagsService.setProfileTags(await this.as(person.key), person.profileTags);
    // example.org has no mailboxes: the demo's people get no e-mail digests.
    await digestService.setDigestEmails(await this.as(person.key), false);
    this.counts.people++;
  }

  /** Owners create their spaces and invite members, who accept; the owner names the admins. */
  private async privateSpaces() {
    for (const space of PRIVATE_SPACES) {
      const created = await spaceService.createSpace(await this.as(space.owner), {
        name: space.name,
        description: space.description,
        isPrivate: true,
      });
      this.spaceIds.set(space.key, created.id);
      this.counts.privateSpaces++;
      const members = [...space.admins, ...space.contributors];
      await spaceInvitationsService.sendInvites(
        await this.as(space.owner),
        created.id,
        members.map((key) => this.userId(key)),
      );
      for (const key of members) {
        await spaceInvitationsService.acceptInvite(await this.as(key), created.id);
        this.counts.participants++;
      }
      for (const key of space.admins) {
        await spaceInvitationsService.setParticipantStatus(
          await this.as(space.owner),
          created.id,
          this.userId(key),
          'admin',
        );
      }
      for (const key of space.requested) {
        await spaceInvitationsService.requestAccess(await this.as(key), created.id);
      }
    }
  }

  /** Invitations still waiting for an answer: sent once the invitee has an account. */
  private async invitations() {
    for (const space of PRIVATE_SPACES) {
      if (space.invited.length === 0) continue;
      await spaceInvitationsService.sendInvites(
        await this.as(space.owner),
        this.id(this.spaceIds, space.key),
        space.invited.map((key) => this.userId(key)),
      );
    }
  }

  private async problems() {
    for (const problem of PROBLEMS) {
      const ctx = await this.as(problem.by);
      const spaceId = this.id(this.spaceIds, problem.space);
      const created = await problemService.createProblem(ctx, {
        name: problem.name,
        description: problem.description,
        spaceId,
        files: await demoMediaInputs(ctx, problem.media, 'problems', spaceId),
        location: demoProblemLocation(problem),
      });
      const id = created.id;
      this.problemIds.set(problem.key, id);
      this.counts.problems++;
      for (const key of problem.joined)
        await problemMembersService.joinProblem(await this.as(key), id);
      for (const change of problem.statuses) {
        await problemStatusService.setProblemStatus(await this.as(change.by), id, change.to);
        this.counts.statusChanges++;
      }
      for (const { by, ...part } of problem.parts) {
        await problemPartsService.addPart(await this.as(by), id, part);
        this.counts.parts++;
      }
      for (const { by, daysAgo, ...measurement } of problem.measurements) {
        await problemMeasurementsService.addMeasurement(await this.as(by), id, {
          ...measurement,
          measuredAt: new Date(Date.now() - daysAgo * DAY_MS),
        });
        this.counts.measurements++;
      }
      for (const departure of problem.left) {
        await problemMembersService.leaveProblem(await this.as(departure.by), id, {
          emoji: departure.emoji,
          leavingComment: departure.comment,
        });
      }
    }
  }

  private async solutions() {
    for (const [index, solution] of SOLUTIONS.entries()) {
      const created = await solutionService.createSolution(await this.as(solution.by), {
        name: solution.name,
        description: solution.description,
        location: demoSolutionLocation(solution, index),
        ...(solution.problem
          ? { problemId: this.id(this.problemIds, solution.problem) }
          : { spaceId: this.id(this.spaceIds, solution.space ?? 'ww') }),
      });
      this.solutionIds.set(solution.key, created.id);
      this.counts.solutions++;
      if (solution.problem) this.counts.links++;
      if (solution.links) {
        await solutionLinksService.linkSolution(
          await this.as(solution.links.by),
          created.id,
          solution.links.problems.map((key) => this.id(this.problemIds, key)),
        );
        this.counts.links += solution.links.problems.length;
      }
    }
  }

  /** Votes go through the votes service, so the solutions' counters hold them exactly. */
  private async votes() {
    for (const solution of SOLUTIONS) {
      for (const vote of solution.votes ?? []) {
        await voteService.castVote(
          await this.as(vote.by),
          { id: this.id(this.solutionIds, solution.key) },
          vote.direction,
          vote.feedback,
        );
        this.counts.votes++;
      }
    }
  }

  private async skills() {
    for (const skill of SKILLS) {
      const created = await skillService.createSkill(await this.as(skill.by), {
        name: skill.name,
        description: skill.description,
        spaceId: this.id(this.spaceIds, skill.space),
      });
      this.counts.skills++;
      this.counts.skillMembers++;
      for (const key of skill.members) {
        await skillService.joinSkill(await this.as(key), created.id);
        this.counts.skillMembers++;
      }
    }
  }

  private async stories() {
    for (const [index, story] of STORIES.entries()) {
      const ctx = await this.as(story.by);
      // A story posted to a problem lives in the problem's space, and so do its files.
      const spaceKey =
        'problem' in story
          ? PROBLEMS.find((problem) => problem.key === story.problem)!.space
          : story.space;
      const created = await storyService.createStory(ctx, {
        story: story.html,
        files: await demoMediaInputs(ctx, story.media, 'stories', this.id(this.spaceIds, spaceKey)),
        isDraft: story.isDraft ?? false,
        isAnonymousPost: story.isAnonymousPost ?? false,
        location: demoStoryLocation(story, index),
        ...('problem' in story
          ? { problemId: this.id(this.problemIds, story.problem) }
          : { spaceId: this.id(this.spaceIds, story.space) }),
      });
      await demoTranscripts(ctx, story.media, created.files);
      this.storyIds.set(story, created.id);
      this.counts.stories++;
    }
  }

  /** Comments and replies go through the comments service, so every count holds them. */
  private async threads() {
    for (const thread of THREADS) {
      const [itemType, itemId] = this.threadOf(thread);
      for (const comment of thread.comments) {
        const added = await commentService.addComment(await this.as(comment.by), {
          itemType,
          itemId,
          commentHTML: comment.html,
        });
        this.counts.comments++;
        for (const reply of comment.replies ?? []) {
          await commentService.addComment(await this.as(reply.by), {
            itemType,
            itemId,
            parentId: added.id,
            commentHTML: reply.html,
          });
          this.counts.comments++;
        }
      }
    }
  }

  private threadOf(thread: DemoPostRef): ['problems' | 'solutions' | 'stories', string] {
    if ('problem' in thread) return ['problems', this.id(this.problemIds, thread.problem)];
    if ('solution' in thread) return ['solutions', this.id(this.solutionIds, thread.solution)];
    const story = STORIES.find((candidate) => candidate.html.startsWith(thread.storyStartingWith));
    if (!story) throw new Error(`demo thread names no story: ${thread.storyStartingWith}`);
    return ['stories', this.id(this.storyIds, story)];
  }

  /** Follows, problem alerts, priorities, favourites and the spaces visited (the last is home). */
  /** Reactions and bookmarks go through their services, so the posts' counters hold them. */
  private async reactionsAndBookmarks() {
    for (const { on, by, reaction } of REACTIONS) {
      const [itemType, itemId] = this.threadOf(on);
      await reactionService.react(await this.as(by), { itemType, itemId, reaction });
      this.counts.reactions++;
    }
    for (const { on, by } of BOOKMARKS) {
      const [itemType, itemId] = this.threadOf(on);
      await bookmarkService.bookmark(await this.as(by), { itemType, itemId });
      this.counts.bookmarks++;
    }
  }

  /**
   * Roles, reports and a hidden story through the moderation service, as people make them: the
   * admin as `npm run admin:create` makes one, the moderator appointed by the admin.
   */
  /**
   * The chats: the global space's chat, channels of Ward 12 (one public that people join, one
   * private), a group about a problem and a direct chat, each with its messages.
   */
  private async chats() {
    for (const chat of CHATS) {
      const conversationId = await this.conversationOf(chat);
      for (const message of chat.messages) {
        await chatMessageService.sendChatMessage(await this.as(message.by), {
          id: randomUUID(),
          conversationId,
          text: message.html,
        });
        this.counts.chatMessages++;
      }
    }
  }

  private async conversationOf(chat: DemoChat): Promise<string> {
    if (chat.kind === 'space') {
      const spaceId = this.id(this.spaceIds, chat.space);
      return (await conversationService.getSpaceChat(await this.as(chat.messages[0]!.by), spaceId))
        .id;
    }
    this.counts.conversations++;
    if (chat.kind === 'direct') {
      const direct = await conversationService.createConversation(await this.as(chat.by), {
        type: 'p2p',
        receiverId: this.userId(chat.with),
      });
      return direct.id;
    }
    const created = await conversationService.createConversation(await this.as(chat.by), {
      type: chat.kind,
      spaceId: this.id(this.spaceIds, chat.space),
      name: chat.name,
      description: chat.description,
      memberIds: chat.members.map((key) => this.userId(key)),
      ...(chat.problem && { itemType: 'problem', itemId: this.id(this.problemIds, chat.problem) }),
      ...(chat.map && {
        itemType: MAPS.find((map) => map.key === chat.map)?.problem ? 'recipe' : 'spacemaps',
        itemId: this.id(this.mapIds, chat.map),
      }),
    });
    for (const key of chat.joinedBy ?? [])
      await conversationService.joinChannel(await this.as(key), created.id);
    return created.id;
  }

  private async moderation() {
    const admin = PEOPLE.find((person) => person.key === MODERATION.admin)!;
    await moderationRoles.makeAdmin(this.deps.db, admin.email);
    await moderationRoles.setModerator(
      await this.as(MODERATION.admin),
      this.userId(MODERATION.moderator),
      true,
    );
    for (const report of MODERATION.openReports) {
      const item =
        'person' in report
          ? { itemType: 'users', itemId: this.userId(report.person) }
          : (([itemType, itemId]) => ({ itemType, itemId }))(
              this.threadOf({ storyStartingWith: report.storyStartingWith }),
            );
      await moderationReports.createReport(await this.as(report.by), {
        ...item,
        tags: report.tags,
        comments: report.comments,
      });
    }
    const { hidden } = MODERATION;
    const story = await storyService.createStory(await this.as(hidden.by), {
      story: hidden.html,
      spaceId: this.id(this.spaceIds, hidden.space),
    });
    this.counts.stories++;
    const report = await moderationReports.createReport(await this.as(hidden.reportedBy), {
      itemType: 'stories',
      itemId: story.id,
      tags: hidden.tags,
      comments: hidden.comments,
    });
    await moderationItems.moderateItem(await this.as(MODERATION.moderator), {
      action: 'hide',
      itemType: 'stories',
      itemId: story.id,
      reportId: report.id,
    });
  }

  /**
   * Maps through the map services, as the wizard and the editor make them: created, their
   * waypoints added, a save of the settings, links and layers, then one of the layout (the nodes
   * of the author's graph on a ring); recipes count in their problem's recipes.
   */
  private async maps() {
    for (const map of MAPS) {
      const created = await mapService.createMap(await this.as(map.by), {
        name: map.name,
        description: map.description,
        type: map.type,
        graphTypes: map.graphTypes,
        isPrivate: map.isPrivate ?? false,
        ...(map.problem
          ? { problemId: this.id(this.problemIds, map.problem) }
          : { spaceId: this.id(this.spaceIds, map.space) }),
      });
      this.mapIds.set(map.key, created.id);
      this.counts.maps++;
      const waypointKeys: string[] = [];
      for (const waypoint of map.waypoints ?? []) {
        const added = await waypointService.addWaypoint(
          await this.as(map.by),
          created.id,
          waypoint,
        );
        waypointKeys.push(mapNodeKey('waypoint', added.id));
        this.counts.waypoints++;
      }
      if (map.type !== 'graph') continue;
      const keyOf = (node: DemoMapNode) =>
        'problem' in node
          ? mapNodeKey('problem', this.id(this.problemIds, node.problem))
          : waypointKeys[node.waypoint]!;
      const drawn = await mapService.updateMap(await this.as(map.by), created.id, {
        version: created.version,
        settings: map.settings ?? {},
        links: (map.links ?? []).map((link, index) => ({
          id: `link-${index + 1}`,
          source: keyOf(link.from),
          target: keyOf(link.to),
          type: link.type,
          label: link.label,
        })),
        layers: (map.layers ?? []).map((layer, index) => ({
          ...newLayer(`layer-${index + 1}`, layer.name),
          color: layer.color,
          filterTags: layer.filterTags,
        })),
      });
      // Laid out as the editor's automatic layout would: the nodes the settings now show.
      const graph = await mapGraphService.mapGraph(await this.as(map.by), created.id);
      const keys = graph.nodes.map((node) => node.key);
      await mapService.updateMap(await this.as(map.by), created.id, {
        version: drawn.version,
        positions2d: ringLayout(keys, false),
        positions3d: map.graphTypes.includes('3D') ? ringLayout(keys, true) : {},
      });
    }
    for (const { map, by } of MAP_BOOKMARKS) {
      await bookmarkService.bookmark(await this.as(by), {
        itemType: 'views',
        itemId: this.id(this.mapIds, map),
      });
      this.counts.bookmarks++;
    }
  }

  /** Follows go through the people service, so both people's counters hold them. */
  private async personFollows() {
    for (const [follower, followee] of PERSON_FOLLOWS) {
      await peopleService.followUser(await this.as(follower), this.userId(followee));
      this.counts.personFollows++;
    }
  }

  /**
   * Tokens made as on /settings/extensions. The token itself, which the service answers this once,
   * is dropped: the demo shows the list, and nobody needs to call the API with it.
   */
  private async apiTokens() {
    for (const token of API_TOKENS) {
      await apiTokenService.createApiToken(await this.as(token.by), {
        name: token.name,
        scopes: token.scopes,
        expiresAt: new Date(Date.now() + token.days * DAY_MS),
      });
      this.counts.apiTokens++;
    }
  }

  /**
   * A problem's AI analysis, stored as a helper run would store it (the placeholder key reaches no
   * provider), and its items published through the normal service, as the Publish button does.
   */
  private async aiResults() {
    const DEMO_RUN_TOKENS = { inputTokens: 412, outputTokens: 168 };
    for (const result of AI_RESULTS) {
      const ctx = await this.as(result.by);
      const id = randomUUID();
      await ctx.db.insert(aiResults).values({
        id,
        userId: requireViewer(ctx).id,
        kind: 'parts',
        problemId: this.id(this.problemIds, result.problem),
        items: result.items.map((item) => ({ ...item, publishedId: null })),
        ...DEMO_RUN_TOKENS,
        isProblemInfo: true,
      });
      // Counted as that run would have been, so My AI Configs shows this month's spending.
      const [config] = await aiConfigService.listAiConfigs(ctx);
      if (config) await recordUsage(ctx.db, requireViewer(ctx).id, config.id, DEMO_RUN_TOKENS);
      for (const name of result.publish) await aiPublishService.publishAiResultItem(ctx, id, name);
      this.counts.aiResults++;
    }
  }

  /** The premium demo person's subscription, written directly: the demo calls no Stripe. */
  private async premium() {
    const { by, plan, interval, days } = PREMIUM_DEMO;
    const ctx = await this.as(by);
    const until = new Date(Date.now() + days * DAY_MS);
    await grantSubscriptionWithoutStripe(ctx.db, requireViewer(ctx).id, plan, interval, until);
    this.counts.subscriptions++;
  }

  /** AI configs made as on /settings/ai, with the placeholder key (demo-community.ts). */
  private async aiConfigs() {
    for (const { by, ...config } of AI_CONFIGS) {
      await aiConfigService.createAiConfig(await this.as(by), { ...config, apiKey: DEMO_AI_KEY });
      this.counts.aiConfigs++;
    }
    for (const chat of AI_CHATS) {
      const ctx = await this.as(chat.by);
      const created = await aiChatService.createAiChat(ctx, { name: chat.name });
      await aiChatService.keepAiChatExchange(ctx, created.id, chat.exchange);
      this.counts.aiChats++;
    }
  }

  private async settle(person: DemoPerson) {
    if (person.follows.length > 0) {
      await tagFollowsService.followTags(await this.as(person.key), person.follows);
      this.counts.follows += person.follows.length;
    }
    if (person.alerts.length > 0) {
      await alertTagsService.setNotificationTags(await this.as(person.key), person.alerts);
      this.counts.alerts += person.alerts.length;
    }
    if (person.priorities.length > 0) {
      await problemMembersService.updateJoinedProblems(
        await this.as(person.key),
        person.priorities.map((key) => this.id(this.problemIds, key)),
      );
    }
    for (const key of person.favorites) {
      await mySpacesService.favoriteSpace(
        await this.as(person.key),
        this.id(this.spaceIds, key),
        true,
      );
    }
    for (const key of person.visits) {
      await mySpacesService.changeSpace(await this.as(person.key), this.id(this.spaceIds, key));
    }
  }

  /** The seed's sessions end with it, as signing out ends them. */
  private async signOutAll() {
    for (const key of this.sessions.keys()) {
      await authService.signOut(await this.as(key));
    }
  }
}

/** The kinds a map is about: on the inner ring, where their causal links and loops read clearly. */
const INNER_RING_KINDS = new Set(['problem', 'waypoint']);

/**
 * Demo layouts: the problems and waypoints on an inner ring, the tags and solutions they connect
 * to on an outer ring around them (on one ring in the graph's order the problems sat side by side
 * on one arc, their loop squeezed into a corner); in 3D, each kind on a plane of its own.
 */
function ringLayout(keys: readonly string[], depth: boolean): MapPositions {
  const kindOf = (key: string) => key.slice(0, key.indexOf(':'));
  const inner = keys.filter((key) => INNER_RING_KINDS.has(kindOf(key)));
  const outer = keys.filter((key) => !INNER_RING_KINDS.has(kindOf(key)));
  const innerRadius = 80 + inner.length * 30;
  const outerRadius = innerRadius + 160 + outer.length * 12;
  const planes: Record<string, number> = { problem: 0, solution: 150, tag: -150, waypoint: 75 };
  const ring = (ringKeys: string[], radius: number) =>
    ringKeys.map((key, index) => {
      const angle = (2 * Math.PI * index) / ringKeys.length;
      const x = Math.round(radius * Math.cos(angle));
      const y = Math.round(radius * Math.sin(angle));
      const z = planes[kindOf(key)] ?? 0;
      return [key, depth ? { x, y, z } : { x, y }] as const;
    });
  return Object.fromEntries([...ring(inner, innerRadius), ...ring(outer, outerRadius)]);
}
