import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { loginPathFor } from '../../../lib/navigation.ts';
import { homeQuery, useResearchViewer } from '../../../lib/research-api.ts';
import { useSession } from '../../../lib/session.ts';
import { space } from '../../../lib/spacing.ts';
import { AddPaperDialog } from './add-paper-dialog.tsx';
import { CitationStyleSelect } from './citation-style-select.tsx';
import { ImportDialog } from './import-dialog.tsx';
import { NotePanel } from './note-panel.tsx';
import { ProjectsList } from './projects-list.tsx';
import { ReadingQueue } from './reading-queue.tsx';

const title = 'Research';

/**
 * `/research`: the person's research home. The reading queue first, the note on the chosen paper
 * (`?paper=<id>`, which the paper page links to) beside it, then their projects; adding and importing papers
 * and the citation style sit in the header.
 */
export function ResearchHomePage() {
  const { user } = useSession();
  if (!user) {
    return (
      <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 1000 }}>
        <PageHeader title={title} guideAnchor="research" />
        <Typography sx={{ maxWidth: 760 }}>
          Research is your own reading queue, with notes on each paper and projects that gather papers around
          a question. You are not signed in. <TextLink to={loginPathFor('/research')}>Sign in</TextLink> to
          open it.
        </Typography>
      </Box>
    );
  }
  return <SignedInHome />;
}

function SignedInHome() {
  const viewer = useResearchViewer();
  const home = useQuery(homeQuery(viewer));
  const [params, setParams] = useSearchParams();
  const paperId = params.get('paper');
  const [dialog, setDialog] = useState<'add' | 'import' | null>(null);
  const noteHeading = useRef<HTMLHeadingElement>(null);

  // A chosen note takes the focus, so a keyboard or screen-reader user lands in it (and a phone scrolls to it).
  const [focusNote, setFocusNote] = useState(false);
  useEffect(() => {
    if (focusNote && paperId) noteHeading.current?.focus();
  }, [focusNote, paperId]);

  const select = (id: string) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('paper', id);
      return next;
    });
    setFocusNote(true);
  };
  const closeNote = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('paper');
      return next;
    });

  const data = home.data;
  return (
    <Box component="section" aria-labelledby="section-title">
      <PageHeader
        title={title}
        guideAnchor="research"
        actions={
          <>
            {data ? <CitationStyleSelect value={data.citationStyle} /> : null}
            <Button variant="outlined" onClick={() => setDialog('import')}>
              Import
            </Button>
            <Button variant="contained" onClick={() => setDialog('add')}>
              Add paper
            </Button>
          </>
        }
      />
      {home.isPending ? (
        <CircularProgress aria-label="Loading your research" />
      ) : home.isError ? (
        <QueryError
          error={home.error}
          onRetry={() => void home.refetch()}
          lead="Your research could not be loaded."
        />
      ) : (
        <Box sx={{ display: 'grid', gap: space.section }}>
          <Box
            sx={{
              display: 'grid',
              gap: space.section,
              gridTemplateColumns: {
                xs: 'minmax(0, 1fr)',
                md: paperId ? 'minmax(0, 1fr) minmax(0, 1fr)' : 'minmax(0, 1fr)',
              },
              alignItems: 'start',
            }}
          >
            <Box component="section" aria-labelledby="queue-title">
              <Typography id="queue-title" variant="h2" sx={{ mb: space.inline }}>
                Reading queue
              </Typography>
              <ReadingQueue
                queue={home.data.queue}
                selectedId={paperId}
                onSelect={select}
                onAddPaper={() => setDialog('add')}
              />
            </Box>
            {paperId ? (
              // On a phone the note comes before the queue, where the person who chose it will look.
              <Box component="section" aria-labelledby="note-title" sx={{ order: { xs: -1, md: 0 } }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: space.inline }}>
                  <Typography id="note-title" ref={noteHeading} tabIndex={-1} variant="h2" sx={{ flex: 1 }}>
                    Note
                  </Typography>
                  <Button onClick={closeNote}>Close note</Button>
                </Box>
                <NotePanel paperId={paperId} headingId="note-title" />
              </Box>
            ) : null}
          </Box>
          <Box component="section" aria-labelledby="projects-title">
            <Typography id="projects-title" variant="h2" sx={{ mb: space.inline }}>
              Projects
            </Typography>
            <ProjectsList projects={home.data.projects} />
          </Box>
        </Box>
      )}
      <AddPaperDialog open={dialog === 'add'} onClose={() => setDialog(null)} />
      <ImportDialog
        open={dialog === 'import'}
        onClose={() => setDialog(null)}
        projects={data?.projects ?? []}
      />
    </Box>
  );
}
