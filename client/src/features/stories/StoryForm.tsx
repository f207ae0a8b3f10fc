import { Avatar, Button, Group, Input, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';
import { firstIssue, htmlToPlainText, storyTextSchema } from '@rules';
import { Suspense, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useActiveSpace } from '../../app/useActiveSpace';
import { notifyError, notifySuccess, translateServerMessage } from '../../components/notify';
import { awaitsApproval } from '../../components/post-form/awaitsApproval';
import { pendingAuthorOf, publishInBackground } from '../../components/post-form/pendingPosts';
import type { PostFormControls } from '../../components/post-form/PostFormModal';
import { useKeptDraft, useRestoredDraft } from '../../components/post-form/postDrafts';
import { RichTextEditor } from '../../components/RichTextEditor';
import type { StoryCardFragment } from '../../gql/graphql';
import { AiHelpSection } from '../ai';
import { useRequireSignIn, useViewer } from '../auth';
import { MediaStep, usePostAttachments } from '../media';
import { LocationPicker } from '../places';
import { JoinedProblemSelect } from '../problems';
import { useSpaceName } from '../spaces';
import { useStoryMutations } from './useStoryMutations';

type Destination = 'space' | 'problem';

/** A kept draft's choices; its destination is the problem when it names one. */
/** A story may tell of problems and of solutions: the AI helper finds either in it. */
const STORY_AI_HELPS = ['problems', 'solutions'] as const;

const storyDraftSchema = z.object({
  html: z.string(),
  isAnonymousPost: z.boolean(),
  isDraft: z.boolean(),
  problemId: z.string().nullable(),
});

/**
 * The story form: where to post (the space feed or one of the viewer's joined problems; opened
 * from a problem, that problem), as whom, the text with the shared story rules checked live, and
 * draft or publish. Creates, or updates `story` when given. A new story's text is kept under
 * `draftKey` until it is posted or discarded.
 */
export function StoryForm({
  story,
  problemId: problemContext = null,
  draftKey,
  onDone,
  onCancel,
  onDirtyChange,
}: {
  story: StoryCardFragment | null;
  problemId?: string | null;
  draftKey: string | null;
} & PostFormControls) {
  const { t } = useTranslation();
  const { viewer, loading: viewerLoading } = useViewer();
  const requireSignIn = useRequireSignIn();
  const activeSpace = useActiveSpace();
  const spaceName = useSpaceName();
  const { createStory, updateStory, saving } = useStoryMutations();
  const editorId = useId();
  const draft = useRestoredDraft(draftKey, storyDraftSchema);

  const savedHtml = story?.story ?? '';
  const [html, setHtml] = useState(draft?.html ?? savedHtml);
  const [isAnonymousPost, setAnonymous] = useState(
    draft?.isAnonymousPost ?? story?.isAnonymousPost ?? false,
  );
  const [isDraft, setDraft] = useState(draft?.isDraft ?? story?.isDraft ?? false);
  const initialProblem = problemContext ?? draft?.problemId ?? story?.problemId ?? null;
  const [destination, setDestination] = useState<Destination>(initialProblem ? 'problem' : 'space');
  const [problemId, setProblemId] = useState<string | null>(initialProblem);
  const [touched, setTouched] = useState(false);
  const attachments = usePostAttachments({
    post: story,
    path: 'stories',
    spaceId: story?.spaceId ?? activeSpace.spaceId,
  });
  useKeptDraft({
    key: draftKey,
    value: {
      html,
      isAnonymousPost,
      isDraft,
      problemId: destination === 'problem' ? problemId : null,
    },
    dirty: html !== savedHtml || attachments.dirty,
    onDirtyChange,
  });

  // The same rules the server applies, on the same plain text; their messages have keys in common:errors.
  const parsed = storyTextSchema.safeParse(htmlToPlainText(html));
  const error = parsed.success ? null : translateServerMessage(t, firstIssue(parsed.error).message);
  // Spec: with Problem as the destination, a problem must be chosen.
  const problemError =
    destination === 'problem' && !problemId ? t('tags:errors.problemRequired') : null;

  if (!viewer) {
    // The shell opens this dialog only for a signed-in user; a session that ended meanwhile lands here.
    return (
      <Stack>
        <Text>{t('stories:signIn.dialog')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            loading={viewerLoading}
            onClick={() => {
              onDone();
              requireSignIn(() => undefined);
            }}
          >
            {t('common:auth.signIn')}
          </Button>
        </Group>
      </Stack>
    );
  }

  const toastFor = (saved: StoryCardFragment) =>
    notifySuccess(
      saved.isDraft
        ? t('stories:toast.draftSaved')
        : awaitsApproval(saved)
          ? t('common:postForm.anonymousSent')
          : story && !story.isDraft
            ? t('stories:toast.updated')
            : t('stories:toast.added'),
    );
  // A new story published while its files upload shows in the feed as processing meanwhile.
  const publishing = !story && !isDraft;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (error || problemError || saving || attachments.waitsForUploads(publishing)) return;
    const target = destination === 'problem' ? problemId : null;
    if (attachments.media.uploading) {
      publishInBackground({
        post: {
          kind: 'stories',
          spaceId: activeSpace.spaceId,
          problemId: target,
          title: null,
          text: htmlToPlainText(html),
          author: pendingAuthorOf(viewer, isAnonymousPost),
        },
        media: attachments.media.store,
        create: (files) =>
          createStory({
            story: html,
            isAnonymousPost,
            isDraft: false,
            spaceId: activeSpace.spaceId || null,
            problemId: target,
            ...attachments.createInputWith(files),
          }),
        onPublished: toastFor,
      });
      onDone();
      return;
    }
    try {
      const saved = story
        ? await updateStory(story.id, {
            story: html,
            isAnonymousPost,
            isDraft,
            ...(target !== (story.problemId ?? null) && { problemId: target }),
            ...attachments.updateInput,
          })
        : await createStory({
            story: html,
            isAnonymousPost,
            isDraft,
            spaceId: activeSpace.spaceId || null,
            problemId: target,
            ...attachments.createInput,
          });
      toastFor(saved);
      onDone();
    } catch (caught) {
      notifyError(caught);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Input.Wrapper
          label={t('stories:dialog.destination')}
          description={destination === 'problem' ? t('stories:dialog.problemHint') : null}
          error={touched ? problemError : null}
        >
          <SegmentedControl
            mt={4}
            fullWidth
            value={destination}
            disabled={problemContext !== null}
            onChange={(value) => setDestination(value as Destination)}
            // A long space name wraps instead of being cut off on a phone.
            styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
            data={[
              {
                value: 'space',
                label: t('stories:dialog.destinationSpace', {
                  space: spaceName({ id: activeSpace.spaceId, name: activeSpace.spaceName }),
                }),
              },
              {
                value: 'problem',
                label: t('stories:dialog.destinationProblem'),
              },
            ]}
          />
          {destination === 'problem' && problemContext === null ? (
            <Stack gap={4} mt="xs">
              <JoinedProblemSelect value={problemId} onChange={setProblemId} />
              {problemId && story?.problemId === problemId && story.problemName ? (
                <Text size="sm" c="dimmed">
                  {t('stories:dialog.postedTo', { problem: story.problemName })}
                </Text>
              ) : null}
            </Stack>
          ) : null}
        </Input.Wrapper>

        <Group wrap="nowrap" align="flex-start">
          {isAnonymousPost ? (
            <Avatar radius="xl" aria-hidden>
              <IconUserQuestion size={20} />
            </Avatar>
          ) : (
            <Avatar
              radius={viewer.role === 'org' ? 'sm' : 'xl'}
              src={viewer.photoURL || null}
              name={viewer.displayName}
              color="initials"
              aria-hidden
            />
          )}
          <Stack gap={2} style={{ flex: 1 }}>
            <Text size="sm" fw={500}>
              {t('stories:dialog.postingAs', {
                name: isAnonymousPost ? t('stories:card.anonymous') : viewer.displayName,
              })}
            </Text>
            <Switch
              checked={isAnonymousPost}
              onChange={(event) => setAnonymous(event.currentTarget.checked)}
              label={t('stories:dialog.anonymous')}
              description={t('stories:dialog.anonymousHint')}
            />
          </Stack>
        </Group>

        <RichTextEditor
          id={editorId}
          value={html}
          onChange={(next) => {
            setHtml(next);
            if (next) setTouched(true);
          }}
          ariaLabel={t('stories:dialog.editorLabel')}
          placeholder={t('stories:dialog.placeholder')}
          error={touched ? error : null}
          autoFocus
        />
        <Suspense fallback={null}>
          <AiHelpSection
            kinds={STORY_AI_HELPS}
            text={() => htmlToPlainText(html)}
            spaceId={story?.spaceId ?? activeSpace.spaceId}
          />
        </Suspense>

        <MediaStep
          media={attachments.media}
          location={
            <LocationPicker value={attachments.location} onChange={attachments.setLocation} />
          }
        />

        {!story || story.isDraft ? (
          <Switch
            checked={isDraft}
            onChange={(event) => setDraft(event.currentTarget.checked)}
            label={t('stories:dialog.saveAsDraft')}
            description={t('stories:dialog.saveAsDraftHint')}
          />
        ) : null}

        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={saving} disabled={attachments.waitsForUploads(publishing)}>
            {(attachments.waitsForUploads(publishing) ? attachments.media.waitingLabel : null) ??
              (isDraft
                ? t('stories:dialog.saveDraft')
                : story && !story.isDraft
                  ? t('common:actions.save')
                  : t('stories:dialog.publish'))}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
