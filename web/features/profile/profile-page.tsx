import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SectionIntro } from '../../components/section-intro.tsx';
import { TextLink } from '../../components/text-link.tsx';
import { loginPathFor } from '../../lib/navigation.ts';
import { useSession } from '../../lib/session.ts';

export function ProfilePage() {
  const { user } = useSession();
  return (
    <SectionIntro
      title="Profile"
      guideAnchor="profiles"
      description="Your profile is your page on CARD WEB: your name, photo and a short bio, your rank, and the number of people you follow, your followers, your cards and the likes they have received. Edit your details and settings here. Other people see your public profile and your public cards, and can follow you from it."
    >
      {user ? (
        <>
          <Box component="dl" sx={{ mt: 3, '& dt': { fontWeight: 600 }, '& dd': { ml: 0, mb: 1.5 } }}>
            <dt>Name</dt>
            <dd>{user.name ?? 'User'}</dd>
            {user.email ? (
              <>
                <dt>Email</dt>
                <dd>{user.email}</dd>
              </>
            ) : null}
          </Box>
          <Typography>
            Change your password, email address and how you sign in under{' '}
            <TextLink to="/settings">Settings</TextLink>.
          </Typography>
        </>
      ) : (
        <Typography sx={{ mt: 3 }}>
          You are not signed in. <TextLink to={loginPathFor('/profile')}>Sign in</TextLink> to see your
          profile.
        </Typography>
      )}
    </SectionIntro>
  );
}
