// The landing page inside the router, for links to / from other pages; a visit that starts at /
// boots it without the router (app/landing-app.tsx).
import { LandingPage } from '@/web/features/landing/components/landing-page';

export function Component() {
  return <LandingPage />;
}
