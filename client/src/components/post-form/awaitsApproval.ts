/** A published anonymous post waits for approval before others see it (the spec's privacy rule). */
export function awaitsApproval(post: { isApproved: boolean; isDraft?: boolean }): boolean {
  return !post.isDraft && !post.isApproved;
}
