import { MEDIA_FILE_MAX_BYTES, MEDIA_MESSAGES } from '@rules';
import { describe, expect, it } from 'vitest';
import {
  draftsOf,
  mediaInputsOf,
  moveDraft,
  pickIssue,
  previewItemsOf,
  youtubeDraft,
  type MediaDraft,
} from '../../client/src/features/media/mediaDrafts';

/** A File that says it holds `size` bytes without allocating them. */
function fileOf(name: string, size: number): File {
  const file = new File([], name, { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const done = (uploadId: string, size = 10): MediaDraft => ({
  key: uploadId,
  status: 'done',
  progress: 1,
  item: { type: 'image', url: `/api/media/${uploadId}/a.png`, fileIndex: 0, uploadId, size },
});

describe('the media step checks the limits before anything is sent', () => {
  it('takes up to 5 files and refuses a sixth with "Maximum only 5 files allowed"', () => {
    const four = ['a', 'b', 'c', 'd'].map((id) => done(id));
    expect(pickIssue(four, [fileOf('e.png', 1)])).toBeNull();
    expect(pickIssue(four, [fileOf('e.png', 1), fileOf('f.png', 1)])).toBe(
      MEDIA_MESSAGES.tooManyFiles,
    );
  });

  it('does not count a failed upload towards the 5', () => {
    const failed: MediaDraft = { key: 'x', status: 'error', progress: 0, error: 'nope' };
    const four = ['a', 'b', 'c', 'd'].map((id) => done(id));
    expect(pickIssue([...four, failed], [fileOf('e.png', 1)])).toBeNull();
  });

  it('refuses a file over 1 GB with "Max 1GB per file"', () => {
    expect(pickIssue([], [fileOf('big.mp4', MEDIA_FILE_MAX_BYTES)])).toBeNull();
    expect(pickIssue([], [fileOf('big.mp4', MEDIA_FILE_MAX_BYTES + 1)])).toBe(
      MEDIA_MESSAGES.fileTooLarge,
    );
  });

  it('refuses files whose sum passes 1 GB with "Sum of all files limited to 1GB"', () => {
    const half = MEDIA_FILE_MAX_BYTES / 2;
    expect(pickIssue([done('a', half)], [fileOf('b.png', half)])).toBeNull();
    expect(pickIssue([done('a', half)], [fileOf('b.png', half + 1)])).toBe(
      MEDIA_MESSAGES.totalTooLarge,
    );
  });
});

describe('YouTube links', () => {
  it('says "YouTube Video Not Found" for a link without an 11-character video id', () => {
    expect(youtubeDraft('https://www.youtube.com/watch?v=short')).toBe(
      MEDIA_MESSAGES.youtubeNotFound,
    );
    expect(youtubeDraft('https://example.com/watch?v=dQw4w9WgXcQ')).toBe(
      MEDIA_MESSAGES.youtubeNotFound,
    );
  });

  it('makes a ready item embedded from the privacy-enhanced domain', () => {
    const draft = youtubeDraft('https://youtu.be/dQw4w9WgXcQ');
    expect(typeof draft).toBe('object');
    if (typeof draft === 'string') return;
    expect(draft.item?.url).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(mediaInputsOf([draft])).toEqual([{ youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }]);
  });
});

describe('what a post sends', () => {
  it('sends the finished attachments in the shown order, leaving out running and failed ones', () => {
    const uploading: MediaDraft = { key: 'u', status: 'uploading', progress: 0.5 };
    const failed: MediaDraft = { key: 'f', status: 'error', progress: 0 };
    const drafts = moveDraft([done('a'), uploading, done('b'), failed], 2, 0);
    expect(mediaInputsOf(drafts)).toEqual([
      { uploadId: 'b', duration: null, captured: null },
      { uploadId: 'a', duration: null, captured: null },
    ]);
    expect(previewItemsOf(drafts).map((item) => item.uploadId)).toEqual(['b', 'a']);
  });

  it('sends a recorded video as one item with its chunks in order', () => {
    const recording: MediaDraft = {
      key: 'r',
      status: 'done',
      progress: 1,
      uploadIds: ['c1', 'c2', 'c3'],
      duration: 75,
    };
    expect(mediaInputsOf([recording])).toEqual([{ uploadIds: ['c1', 'c2', 'c3'], duration: 75 }]);
  });

  it('an edit starts from the saved attachments and sends them back unchanged', () => {
    const saved = [
      { type: 'image', url: '/api/media/a/a.png', fileIndex: 0, uploadId: 'a' },
      {
        type: 'youtube',
        url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
        fileIndex: 1,
        videoId: 'dQw4w9WgXcQ',
      },
      {
        type: 'video-chunk-recording',
        url: '/api/media/c1/r.webm',
        fileIndex: 2,
        uploadIds: ['c1', 'c2'],
        duration: 40,
      },
    ];
    expect(mediaInputsOf(draftsOf(saved))).toEqual([
      { uploadId: 'a', duration: null, captured: null },
      { youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' },
      { uploadIds: ['c1', 'c2'], duration: 40 },
    ]);
  });
});
