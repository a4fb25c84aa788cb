import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { SectionIntro } from '../../components/section-intro.tsx';
import { TextLink } from '../../components/text-link.tsx';
import { authPathFor, safeNextPath } from '../../lib/navigation.ts';

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const signupPath = authPathFor('/signup', next);

  return (
    <SectionIntro
      title="Sign in"
      guideAnchor="profiles"
      description="Sign in to build cards, study them in Play, talk in Confer and keep your progress in classes. Use the email address and password you signed up with, or continue with Google or another account provider you used before. If you forget your password, the sign-in form sends you a link to choose a new one."
    >
      {next ? (
        <Alert severity="info" sx={{ mt: 3 }}>
          After signing in you will return to <strong>{next}</strong>.
        </Alert>
      ) : null}
      <Typography sx={{ mt: 3 }}>
        New to CARD WEB? <TextLink to={signupPath}>Create an account</TextLink>. Or go back to the{' '}
        <TextLink to="/">home page</TextLink>.
      </Typography>
    </SectionIntro>
  );
}
