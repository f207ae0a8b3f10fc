/** Story pages read best in one column about this wide (px). */
export const STORY_PAGE_WIDTH = 720;
