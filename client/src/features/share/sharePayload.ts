// A module of its own so that the share payload's checker is a chunk loaded on demand.
export { decodeSharePayload } from '@rules';
