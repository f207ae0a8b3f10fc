import {
  htmlToPlainText,
  postDescriptionTextSchema,
  postTagsSchema,
  storyTextSchema,
} from '@rules';
import { parseInput } from '../../errors';
import { sanitizeRichText } from '../../rich-text';

/** A post's text as it will be stored, and the tags its hashtags name. */
export interface CleanPostText {
  html: string;
  tags: string[];
}

/**
 * The description of a titled post (problem, solution, skill) as it will be stored, and the tags
 * of its title and text. Sanitises first, so the rules judge exactly the text that will be stored
 * and shown; a dotted hashtag (`#node.js`) or too many tags is refused, never silently dropped.
 */
export function cleanPostDescription(name: string, html: string): CleanPostText {
  const clean = sanitizeRichText(html);
  const text = parseInput(postDescriptionTextSchema, htmlToPlainText(clean), 'description');
  const tags = parseInput(postTagsSchema, `${name} ${text}`, 'description');
  return { html: clean, tags };
}

/**
 * The title, text and tags of an edited titled post: a field the edit leaves out keeps its value,
 * and the tags are read again from both.
 */
export function titledPostEdit(
  edit: { name?: string | null; description?: string | null },
  before: { name: string; description: string },
) {
  const name = edit.name ?? before.name;
  const { html, tags } = cleanPostDescription(name, edit.description ?? before.description);
  return { name, description: html, tags };
}

/**
 * A story's text as it will be stored, and its tags. Unlike the titled posts a story needs a
 * hashtag (storyTextSchema); the dotted-hashtag and tag-count refusals are the same.
 */
export function cleanStoryText(html: string): CleanPostText {
  const clean = sanitizeRichText(html);
  const { tags } = parseInput(storyTextSchema, htmlToPlainText(clean), 'story');
  return { html: clean, tags };
}
