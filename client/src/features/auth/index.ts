// The auth feature's pieces for others (its routes are in routes.tsx): who is signed in, the login
// box that asks a signed-out person to sign in before an action, and the guard of signed-in pages.
export { useLoginBox, useRequireSignIn } from './LoginBox';
export { RequireSignIn } from './RequireSignIn';
export { useViewer, type Viewer } from './useViewer';
