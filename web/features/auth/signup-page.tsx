import { useSearchParams } from 'react-router';
import Typography from '@mui/material/Typography';
import { SectionIntro } from '../../components/section-intro.tsx';
import { TextLink } from '../../components/text-link.tsx';
import { authPathFor, safeNextPath } from '../../lib/navigation.ts';

export function SignupPage() {
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const loginPath = authPathFor('/login', next);

  return (
    <SectionIntro
      title="Sign up"
      guideAnchor="profiles"
      description="Create a free account to write your own cards, study them with spaced repetition, join classes and chat with other people. Sign up with an email address and a password (we send you a link to confirm the address), or with Google or another account provider. Reading public cards, the blog and the user guide needs no account."
    >
      <Typography sx={{ mt: 3 }}>
        Already have an account? <TextLink to={loginPath}>Sign in</TextLink>. Or go back to the{' '}
        <TextLink to="/">home page</TextLink>.
      </Typography>
    </SectionIntro>
  );
}
