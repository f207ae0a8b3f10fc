import type { LocationInput, MediaInput, UploadPathKind } from '@rules';
import { useState } from 'react';
import { mediaChanged, type DraftItem } from './mediaDrafts';
import { useMediaDrafts } from './useMediaDrafts';

/** A saved post's place as the GraphQL fragment reads it. */
interface SavedLocation {
  lat: number;
  lng: number;
  formattedLocation?: string | null;
  locationTags?: readonly string[] | null;
}

const locationInputOf = (location: SavedLocation | null | undefined): LocationInput | null =>
  location
    ? {
        lat: location.lat,
        lng: location.lng,
        formattedLocation: location.formattedLocation ?? null,
        locationTags: location.locationTags ? [...location.locationTags] : null,
      }
    : null;

/**
 * What a post form attaches: its media (with their uploads) and, for stories, problems and
 * solutions, a place. `createInput` and `updateInput` are spread into the mutation's input; an
 * edit sends only what changed (absent means unchanged, a null location clears it).
 */
export function usePostAttachments({
  post,
  path,
  spaceId,
}: {
  post: { files?: readonly DraftItem[] | null; location?: SavedLocation | null } | null;
  path: UploadPathKind;
  spaceId: string;
}) {
  const media = useMediaDrafts({ initial: post?.files, path, spaceId });
  const [saved] = useState(() => locationInputOf(post?.location));
  const [location, setLocation] = useState<LocationInput | null>(saved);
  const filesDirty = media.uploading || mediaChanged(media.drafts, post?.files ?? []);
  const locationDirty = JSON.stringify(location) !== JSON.stringify(saved);
  const createInputWith = (files: MediaInput[]) => ({ files, ...(location && { location }) });
  return {
    media,
    location,
    setLocation,
    /** The attachments differ from the saved post's (or, new, there are some). */
    dirty: filesDirty || locationDirty,
    createInput: createInputWith(media.inputs),
    /** The create input with these files: a post published while its uploads run (pendingPosts). */
    createInputWith,
    /**
     * A new, published post may be sent while its files upload (it then shows as processing); an
     * edit or a draft waits for them.
     */
    waitsForUploads: (publishing: boolean) => media.uploading && !publishing,
    updateInput: {
      ...(filesDirty && { files: media.inputs }),
      ...(locationDirty && { location }),
    },
  };
}
