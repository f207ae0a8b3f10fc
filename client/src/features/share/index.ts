export { ShareButton } from './ShareButton';
export { ShareLanding } from './ShareLanding';
