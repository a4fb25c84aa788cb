import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TextLink } from '../../components/text-link.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { toolSections } from '../../lib/sections.ts';
import { useSession } from '../../lib/session.ts';

const abilities = [
  { title: 'Write cards', text: 'One idea per card, in Markdown, with math, code and images.' },
  {
    title: 'Link them',
    text: 'Type [[ and a title to connect one card to another, and follow the links as a web.',
  },
  { title: 'Explore', text: 'Browse everyone’s public cards by feed, search, tag or graph.' },
  { title: 'Study', text: 'Spaced repetition brings each card back just before you would forget it.' },
  { title: 'Talk', text: 'Chat about cards in channels and direct messages, and save answers as cards.' },
  { title: 'Learn', text: 'Take classes, read PDFs and papers, and turn highlights into cards.' },
  {
    title: 'Turn sources into cards',
    text: 'Repositories, code and documents become cards through the extractor, visualiser and workflows.',
  },
] as const;

const headingSx = { fontWeight: 600, mb: 2 } as const;

export function HomePage() {
  useDocumentTitle('Home');
  const { signedIn } = useSession();

  return (
    <Stack spacing={8}>
      <Box component="section" aria-labelledby="home-title" sx={{ maxWidth: 820 }}>
        <Typography
          id="home-title"
          variant="h2"
          component="h1"
          sx={{ fontWeight: 700, fontSize: { xs: '2.25rem', sm: '3.25rem' }, mb: 2 }}
        >
          CARD WEB: a web of knowledge cards
        </Typography>
        <Typography sx={{ fontSize: '1.25rem', lineHeight: 1.6, color: 'text.secondary', mb: 3 }}>
          A card holds one idea: a concept, a question and its answer, a piece of code, a paper or a step in a
          lesson. You write it in Markdown with math and code, and link it to other cards with{' '}
          <Box component="code" sx={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }}>
            [[links]]
          </Box>
          . Everyone’s public cards together make a web you can explore, study and talk about.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {signedIn ? (
            <Button variant="contained" size="large" component={RouterLink} to="/build">
              Build a card
            </Button>
          ) : (
            <Button variant="contained" size="large" component={RouterLink} to="/signup">
              Sign up free
            </Button>
          )}
          <Button variant="outlined" size="large" component={RouterLink} to="/document">
            Read the user guide
          </Button>
        </Stack>
      </Box>

      <Box component="section" aria-labelledby="abilities-title">
        <Typography id="abilities-title" variant="h4" component="h2" sx={headingSx}>
          What you can do
        </Typography>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
          }}
        >
          {abilities.map((ability) => (
            <Box
              component="li"
              key={ability.title}
              sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 2 }}
            >
              <Typography variant="h6" component="h3" sx={{ mb: 0.5 }}>
                {ability.title}
              </Typography>
              <Typography color="text.secondary">{ability.text}</Typography>
            </Box>
          ))}
        </Box>
      </Box>

      <Box component="section" aria-labelledby="sections-title">
        <Typography id="sections-title" variant="h4" component="h2" sx={headingSx}>
          Sections
        </Typography>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
          }}
        >
          {toolSections.map((section) => (
            <li key={section.path}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea
                  component={RouterLink}
                  to={section.path}
                  sx={{ height: '100%', alignItems: 'flex-start' }}
                >
                  <CardContent>
                    <Typography variant="h6" component="h3" gutterBottom>
                      {section.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {section.summary}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </li>
          ))}
        </Box>
      </Box>

      <Box
        component="section"
        aria-labelledby="join-title"
        sx={{ p: { xs: 3, sm: 5 }, borderRadius: 2, border: 1, borderColor: 'divider', maxWidth: 820 }}
      >
        <Typography id="join-title" variant="h4" component="h2" sx={headingSx}>
          {signedIn ? 'Pick up where you left off' : 'Start your own web'}
        </Typography>
        <Typography sx={{ mb: 3 }}>
          {signedIn
            ? 'Write a new card, review what is due in Play, or see what people are sharing in Explore.'
            : 'Reading public cards, the blog and the guide needs no account. Sign up to write cards, study them, join classes and chat.'}
        </Typography>
        {signedIn ? (
          <Button variant="contained" component={RouterLink} to="/exploration">
            Explore cards
          </Button>
        ) : (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Button variant="contained" component={RouterLink} to="/signup">
              Create your account
            </Button>
            <Typography>
              Already have one? <TextLink to="/login">Sign in</TextLink>
            </Typography>
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
