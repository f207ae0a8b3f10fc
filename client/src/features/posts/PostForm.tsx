import { Stack, Stepper, Switch, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { htmlToPlainText } from '@rules';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { useActiveSpace } from '../../app/useActiveSpace';
import { notifyError, notifySuccess } from '../../components/notify';
import { awaitsApproval } from '../../components/post-form/awaitsApproval';
import { publishInBackground, titledPendingPost } from '../../components/post-form/pendingPosts';
import type { PostFormControls } from '../../components/post-form/PostFormModal';
import { PostingAsField } from '../../components/post-form/PostingAsField';
import { PostingInSpace } from '../../components/post-form/PostingInSpace';
import { PostPreview } from '../../components/post-form/PostPreview';
import { useKeptDraft, useRestoredDraft } from '../../components/post-form/postDrafts';
import { StepperActions } from '../../components/post-form/StepperActions';
import { TitleDescriptionFields } from '../../components/post-form/TitleDescriptionFields';
import { usePostSteps } from '../../components/post-form/usePostSteps';
import { AiHelpSection } from '../ai';
import { useViewer } from '../auth';
import { MediaCarousel, previewItemsOf, MediaStep, usePostAttachments } from '../media';
import type { EditablePost, PostFormDefinition, PostPlace, SavedPost } from './postFormDefinition';
import { PostingAsChoice } from './PostingAsChoice';

const postDraftSchema = z.object({
  name: z.string(),
  description: z.string(),
  isAnonymousPost: z.boolean(),
  isDraft: z.boolean().optional(),
});

/** Without a definition's own: the post's space, or (new) the active one. */
const usePlaceInSpace = ({
  post,
  activeSpaceId,
}: {
  post: EditablePost | null;
  activeSpaceId: string;
}): PostPlace => ({
  shownSpaceId: post?.spaceId ?? activeSpaceId,
  spaceId: post?.spaceId ?? activeSpaceId,
  problemId: null,
  createInput: { spaceId: activeSpaceId || null },
});

/**
 * The stepped form of a titled post (problem, solution, skill), as its definition describes it:
 * as whom, title and description (judged by the server's rules), media (and place), preview,
 * then publish (or save a draft). A new post is sent while its files still upload and shows as
 * processing meanwhile; its text is kept under `draftKey` until it is posted or discarded.
 */
export function PostForm<Post extends EditablePost>({
  definition,
  post,
  problemId,
  draftKey,
  onDone,
  onCancel,
  onDirtyChange,
}: {
  definition: PostFormDefinition<Post>;
  /** The post being edited; null for a new one. */
  post: Post | null;
  /** Post the new one under this problem. */
  problemId?: string;
  draftKey: string | null;
} & PostFormControls) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { viewer } = useViewer();
  const { spaceId: activeSpaceId } = useActiveSpace();
  const texts = definition.texts(t);
  const steps = definition.steps;
  const lastStep = steps.length - 1;
  const usePlace = definition.usePlace ?? usePlaceInSpace;
  const place = usePlace({ post, problemId, activeSpaceId });
  const draft = useRestoredDraft(draftKey, postDraftSchema);
  const {
    step,
    setStep,
    name,
    setName,
    description,
    setDescription,
    dirty,
    titleError,
    descriptionError,
    next,
    readyToPublish,
  } = usePostSteps({ formStep: steps.indexOf('text'), lastStep, initial: post, draft });
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const compact = Boolean(definition.compactStepsOnPhone) && narrow;
  const [isAnonymousPost, setAnonymous] = useState(
    draft?.isAnonymousPost ?? post?.isAnonymousPost ?? false,
  );
  const [isDraft, setDraft] = useState(
    definition.savesDrafts && (draft?.isDraft ?? post?.isDraft ?? false),
  );
  const attachments = usePostAttachments({
    post,
    path: definition.kind,
    spaceId: place.spaceId,
  });
  useKeptDraft({
    key: draftKey,
    value: {
      name,
      description,
      isAnonymousPost,
      ...(definition.savesDrafts && { isDraft }),
    },
    dirty: dirty || attachments.dirty,
    onDirtyChange,
  });
  const save = definition.useSave();

  const authorName = isAnonymousPost ? texts.anonymousName : (viewer?.displayName ?? '');

  const toastForCreated = (created: SavedPost) =>
    notifySuccess(
      isDraft && texts.drafts
        ? texts.drafts.draftSaved
        : awaitsApproval(created)
          ? t('common:postForm.anonymousSent')
          : texts.added,
    );
  // A new post published while its files upload shows in the lists as processing meanwhile.
  const publishing = !post && !isDraft;
  const draftInput = (value: boolean) => (definition.savesDrafts ? { isDraft: value } : {});

  const submit = async () => {
    if (!readyToPublish() || attachments.waitsForUploads(publishing)) return;
    if (publishing && attachments.media.uploading) {
      publishInBackground({
        post: titledPendingPost({
          kind: definition.kind,
          spaceId: place.spaceId,
          problemId: place.problemId,
          name,
          description,
          viewer,
          anonymous: isAnonymousPost,
        }),
        media: attachments.media.store,
        create: async (files) => {
          const created = await save.create({
            name,
            description,
            isAnonymousPost,
            ...draftInput(false),
            ...place.createInput,
            ...attachments.createInputWith(files),
          });
          if (!created) throw new Error(`${definition.createMutation} returned no data`);
          return created;
        },
        onPublished: toastForCreated,
      });
      onDone();
      return;
    }
    try {
      if (post) {
        const updated = await save.update(post.id, {
          name,
          description,
          isAnonymousPost,
          ...draftInput(isDraft),
          ...attachments.updateInput,
        });
        notifySuccess(
          updated && awaitsApproval(updated) ? t('common:postForm.anonymousSent') : texts.updated,
        );
      } else {
        const created = await save.create({
          name,
          description,
          isAnonymousPost,
          ...draftInput(isDraft),
          ...place.createInput,
          ...attachments.createInput,
        });
        if (created) {
          toastForCreated(created);
          if (definition.pathAfterCreate) void navigate(definition.pathAfterCreate(created.id));
        }
      }
      onDone();
    } catch (caught) {
      notifyError(caught);
    }
  };

  const postingAsField = (
    <PostingAsField
      anonymous={isAnonymousPost}
      onAnonymousChange={setAnonymous}
      photoURL={viewer?.photoURL}
      displayName={viewer?.displayName ?? ''}
      label={texts.anonymousLabel}
      hint={texts.anonymousHint}
      postingAs={texts.postingAs?.(authorName)}
    />
  );
  const { LocationField, PreviewBadges, PreviewExtras } = definition;
  const stepContent: Record<(typeof steps)[number], ReactNode> = {
    postingAs: (
      <PostingAsChoice
        anonymous={isAnonymousPost}
        onAnonymousChange={setAnonymous}
        photoURL={viewer?.photoURL}
        displayName={viewer?.displayName ?? ''}
        label={texts.anonymousLabel}
        anonymousName={texts.anonymousName}
        hint={texts.anonymousHint}
      />
    ),
    text: (
      <Stack gap="md" pt="sm">
        {/* Without a step of its own, "post as" goes above the title. */}
        {steps.includes('postingAs') ? null : postingAsField}
        <TitleDescriptionFields
          title={name}
          onTitleChange={setName}
          titleLabel={texts.titleLabel}
          titlePlaceholder={texts.titlePlaceholder}
          titleError={titleError}
          description={description}
          onDescriptionChange={setDescription}
          descriptionLabel={texts.descriptionLabel}
          descriptionPlaceholder={texts.descriptionPlaceholder}
          descriptionError={descriptionError}
        />
        {definition.aiHelps ? (
          <Suspense fallback={null}>
            <AiHelpSection
              kinds={definition.aiHelps}
              text={() => `${name}\n${htmlToPlainText(description)}`}
              problemId={place.problemId}
              spaceId={place.spaceId}
            />
          </Suspense>
        ) : null}
      </Stack>
    ),
    media: (
      <MediaStep
        media={attachments.media}
        location={
          LocationField ? (
            <LocationField value={attachments.location} onChange={attachments.setLocation} />
          ) : undefined
        }
      />
    ),
    preview: (
      <Stack gap="md" pt="sm">
        <PostPreview
          label={texts.preview}
          authorName={authorName}
          title={name}
          description={description}
          badges={PreviewBadges ? <PreviewBadges post={post} isDraft={isDraft} /> : undefined}
        >
          {PreviewExtras ? <PreviewExtras name={name} description={description} /> : null}
          <MediaCarousel files={previewItemsOf(attachments.media.drafts)} variant="card" />
        </PostPreview>
        {texts.drafts && (!post || post.isDraft) ? (
          <Switch
            checked={isDraft}
            onChange={(event) => setDraft(event.currentTarget.checked)}
            label={texts.drafts.saveAsDraft}
            description={texts.drafts.saveAsDraftHint}
          />
        ) : null}
      </Stack>
    ),
  };

  return (
    <Stack gap="md">
      {place.shownSpaceId === null ? null : <PostingInSpace spaceId={place.shownSpaceId} />}
      <Text size="sm" c="dimmed">
        {texts.stepOf(step + 1, steps.length)}
        {compact ? ` · ${texts.stepLabels[step] ?? ''}` : ''}
      </Text>
      <Stepper
        active={step}
        onStepClick={(target) => (target < step ? setStep(target) : undefined)}
        size="sm"
      >
        {steps.map((kind, index) => (
          <Stepper.Step key={kind} label={compact ? undefined : texts.stepLabels[index]}>
            {stepContent[kind]}
          </Stepper.Step>
        ))}
      </Stepper>
      <StepperActions
        step={step}
        lastStep={lastStep}
        onCancel={onCancel}
        onBack={() => setStep((current) => current - 1)}
        onNext={next}
        onSubmit={() => void submit()}
        saving={save.saving}
        cancelLabel={t('common:actions.cancel')}
        backLabel={t('common:actions.back')}
        nextLabel={texts.next}
        submitLabel={isDraft && texts.drafts ? texts.drafts.saveDraft : texts.publish}
        waitingLabel={
          attachments.waitsForUploads(publishing) ? attachments.media.waitingLabel : null
        }
      />
    </Stack>
  );
}
