import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { resetSession } from '../../app/apollo';
import { FOCUS_MAIN } from '../../app/navigation';
import { SignOutDocument } from '../../gql/graphql';

export const HOME_FEED = '/stories/recent';
/** Local data that outlives a sign-out (the spec keeps the stored invite code). */
const KEPT_ON_SIGN_OUT = ['inviteCode'];

/**
 * After a successful sign-in: new identity everywhere, then the recent feed. The form that had
 * focus is gone, so focus moves to the feed's heading (not left on the page body).
 */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  return useCallback(async () => {
    await resetSession();
    await navigate(HOME_FEED, { state: FOCUS_MAIN });
  }, [navigate]);
}

function clearLocalStorage() {
  try {
    const kept = KEPT_ON_SIGN_OUT.map((key) => [key, localStorage.getItem(key)] as const);
    localStorage.clear();
    for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
  } catch {
    // storage disabled: nothing to clear
  }
}

/** Signs out (even when the server cannot be reached the local session is dropped), then goes to /. */
export function useSignOut() {
  const navigate = useNavigate();
  const [signOut] = useMutation(SignOutDocument);
  return useCallback(async () => {
    try {
      await signOut();
    } catch {
      // Silent like the spec's other sign-out failures: the cookie is cleared server-side anyway.
    }
    clearLocalStorage();
    // Leave first, so a signed-in-only page does not bounce to /auth/login on the way.
    await navigate('/', { replace: true });
    await resetSession();
  }, [navigate, signOut]);
}
