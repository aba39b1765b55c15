// The original kit's operator paths (/oligarhvalera, /oligarhvalera/dashboard/*): the server
// redirects them; a link followed inside the app lands here and goes to the same /admin page.
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { legacyOperatorTarget } from '@/domain/legacy-paths';

export function loader({ request }: LoaderFunctionArgs) {
  return redirect(legacyOperatorTarget(new URL(request.url).pathname) ?? '/admin');
}

export function Component() {
  return null;
}
