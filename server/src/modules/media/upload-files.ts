import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { MEDIA_FORMATS, THUMBNAIL_SIZE } from '@rules';

/**
 * What a finished upload's bytes are, told by its first bytes (file-type), never by its name or
 * the type the browser sent: null when they are none of the kept formats (MEDIA_FORMATS).
 */
export async function sniffFormat(
  file: string,
): Promise<{ extension: string; contentType: string } | null> {
  const sniffed = await fileTypeFromFile(file);
  const contentType = sniffed ? MEDIA_FORMATS[sniffed.ext] : undefined;
  return sniffed && contentType ? { extension: sniffed.ext, contentType } : null;
}

const NAME_MAX = 200;
const STEM_MAX = 60;

/**
 * The name a person sees: the one their file had (no folders, no control characters), with the
 * extension its bytes tell, so a PNG sent as `scan.pdf` is shown as `scan.png`.
 */
export function displayNameOf(given: string | null | undefined, extension: string): string {
  const base = (given ?? '')
    .split(/[/\\]/u)
    .pop()!
    .replace(/\p{Cc}/gu, '')
    .trim();
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base).slice(0, NAME_MAX).trim() || 'file';
  return `${stem}.${extension}`;
}

/**
 * The name's part in a storage key: letters, digits, dash and underscore only (isSafeKey), so
 * any name, in any script, makes a valid key; 'file' when nothing of it is left.
 */
export function keyNameOf(displayName: string): string {
  const dot = displayName.lastIndexOf('.');
  const stem = displayName
    .slice(0, dot)
    .normalize('NFKD')
    .replace(/[^\w-]+/gu, '-')
    .replace(/^-+|-+$/gu, '')
    .slice(0, STEM_MAX);
  return `${stem || 'file'}${displayName.slice(dot)}`;
}

/**
 * A small WebP of an image (longest side THUMBNAIL_SIZE, turned upright by its EXIF orientation),
 * so feeds never load originals. Rejects for an image sharp cannot read.
 */
export const thumbnailOf = (file: string): Promise<Buffer> =>
  sharp(file)
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp()
    .toBuffer();
