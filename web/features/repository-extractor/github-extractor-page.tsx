import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { PageHeader } from '../../components/page-header.tsx';

export function GithubExtractorPage() {
  return (
    <Box component="section" aria-labelledby="section-title">
      <PageHeader title="Repository extractor" guideAnchor="repository-extractor" />
      <Typography sx={{ maxWidth: 760 }}>
        The repository extractor reads a code repository for you. Give it a git URL, with a branch, a commit
        or a subfolder if you want only part of it, or upload an archive. It returns a digest (the file tree,
        languages, sizes, token counts, the README and the key files) and a card for each module, ready to
        edit and publish. Addresses you give are fetched with care, and archives are checked before they are
        opened, so a bad link or file cannot harm the site.
      </Typography>
    </Box>
  );
}
