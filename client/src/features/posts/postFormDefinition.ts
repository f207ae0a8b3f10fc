import type { AiIdentifyKind } from '@rules';
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import type { usePostAttachments } from '../media';

/** The steps a post form can have, in the order a definition lists them. */
export type PostFormStep = 'postingAs' | 'text' | 'media' | 'preview';

/** What every editable post kind shares, as its card fragment holds it. */
export type EditablePost = NonNullable<Parameters<typeof usePostAttachments>[0]['post']> & {
  id: string;
  name: string;
  description: string;
  isAnonymousPost: boolean;
  isDraft?: boolean;
  spaceId: string;
};

/** What the server answers about a saved post: enough to say whether it waits for approval. */
export interface SavedPost {
  id: string;
  isApproved: boolean;
  isAnonymousPost: boolean;
}

type Attachments = ReturnType<typeof usePostAttachments>;

/** A new post's input, as every kind's create mutation takes it. */
export type PostCreateInput = {
  name: string;
  description: string;
  isAnonymousPost: boolean;
  isDraft?: boolean;
  spaceId: string | null;
  problemId?: string | null;
} & Attachments['createInput'];

/** An edit's input: the text, and the attachments that changed. */
export type PostUpdateInput = {
  name: string;
  description: string;
  isAnonymousPost: boolean;
  isDraft?: boolean;
} & Attachments['updateInput'];

/** The kind's mutations, with the cache updates its lists need after them. */
export interface PostSave {
  /** Resolves to null when the server answered no data. */
  create: (input: PostCreateInput) => Promise<SavedPost | null>;
  update: (id: string, input: PostUpdateInput) => Promise<SavedPost | null>;
  saving: boolean;
}

/** Where the post goes. */
export interface PostPlace {
  /** The space "Posting in" names above the form; null shows none. */
  shownSpaceId: string | null;
  /** The space its files upload to and its pending card shows in. */
  spaceId: string;
  /** The problem its pending card shows under. */
  problemId: string | null;
  /** The create input's fields that place it. */
  createInput: Pick<PostCreateInput, 'spaceId' | 'problemId'>;
}

/** Every visible string of a kind's form, each from the kind's own translation keys. */
export interface PostFormTexts {
  stepOf: (step: number, total: number) => string;
  /** One per step of the definition. */
  stepLabels: string[];
  /** The Anonymous switch's label, or the "Posting as" choice's when that is a step of its own. */
  anonymousLabel: string;
  anonymousHint: string;
  /** How an anonymous author is named. */
  anonymousName: string;
  /** "Posting as {name}" above the Anonymous switch; absent, no such line shows. */
  postingAs?: (name: string) => string;
  titleLabel: string;
  titlePlaceholder: string;
  descriptionLabel: string;
  descriptionPlaceholder: string;
  preview: string;
  next: string;
  publish: string;
  added: string;
  updated: string;
  /** For kinds that save drafts. */
  drafts?: {
    saveAsDraft: string;
    saveAsDraftHint: string;
    saveDraft: string;
    draftSaved: string;
  };
}

/**
 * One post kind's form: its steps and texts, its mutations, where a post goes and what its
 * preview adds. PostForm does the rest the same way for every kind.
 */
export interface PostFormDefinition<Post extends EditablePost> {
  /** The kind's uploads folder and pending card. */
  kind: 'problems' | 'solutions' | 'skills';
  steps: readonly PostFormStep[];
  /** The media step's place picker (LocationPicker), for kinds that have a place. */
  LocationField?: ComponentType<{
    value: Attachments['location'];
    onChange: Attachments['setLocation'];
  }>;
  /** What the AI helper under the text may identify from it; absent, no helper shows. */
  aiHelps?: readonly AiIdentifyKind[];
  /** The preview step offers Save as Draft (a new post, or one still a draft). */
  savesDrafts: boolean;
  /** On a phone the step labels do not fit beside each other: only the numbers show there. */
  compactStepsOnPhone?: boolean;
  /** The create mutation's name, for the error when it answers nothing. */
  createMutation: string;
  texts: (t: TFunction) => PostFormTexts;
  useSave: () => PostSave;
  /** Where the post goes; without it, the post's own space or (new) the active one. */
  usePlace?: (options: {
    post: Post | null;
    problemId: string | undefined;
    activeSpaceId: string;
  }) => PostPlace;
  /** Where a new post opens once created; without it the list stays. */
  pathAfterCreate?: (id: string) => string;
  /** Badges beside the author in the preview. */
  PreviewBadges?: ComponentType<{ post: Post | null; isDraft: boolean }>;
  /** Shown under the description in the preview, above the media. */
  PreviewExtras?: ComponentType<{ name: string; description: string }>;
}
