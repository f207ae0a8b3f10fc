import { useLocation } from 'react-router';
import { ComingSoon } from '../components/ComingSoon';
import { ErrorPage } from '../components/ErrorPage';
import { isComingSoonPath } from './navigation';

/** Anything no route claimed: a spec page not built yet, or a 404. */
export function CatchAll() {
  const { pathname } = useLocation();
  return isComingSoonPath(pathname) ? <ComingSoon /> : <ErrorPage status={404} />;
}
