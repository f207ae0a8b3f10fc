/** A LIKE pattern's wildcards taken literally: what people type into a search box is text. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/gu, (char) => `\\${char}`);
