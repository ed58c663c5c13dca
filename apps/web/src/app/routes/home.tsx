import { useOutletContext } from 'react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { HomeHero } from '@/features/marketing/components/home-hero';
import type { PublicOutletContext } from '../layouts/public-layout';

export function HomeRoute() {
  const { isAuthenticated } = useAuth();
  const { signIn, isSigningIn } = useOutletContext<PublicOutletContext>();
  return (
    <>
      <title>SheetForms – Google Sheets, turned into web forms</title>
      <HomeHero isSignedIn={isAuthenticated} onGetStarted={signIn} isSigningIn={isSigningIn} />
    </>
  );
}
