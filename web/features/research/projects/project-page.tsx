import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Project } from '../../../../contracts/research.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { loginPathFor } from '../../../lib/navigation.ts';
import {
  homeQuery,
  projectQuery,
  putProjectPaper,
  removeProjectPaper,
  useResearchViewer,
} from '../../../lib/research-api.ts';
import { useSession } from '../../../lib/session.ts';
import { space } from '../../../lib/spacing.ts';
import { notePath, paperPagePath, projectPath } from '../home/paths.ts';
import { paperByline } from '../home/queue-order.ts';
import { useRefreshResearch } from '../home/use-refresh-research.ts';
import { AddPapers } from './add-papers.tsx';
import { AnnotationField } from './annotation-field.tsx';
import { AskLibrary } from './ask-library.tsx';
import { DeleteProjectButton } from './delete-project-button.tsx';
import { LiteratureMap } from './literature-map.tsx';
import { ProjectDetailsForm } from './project-details-form.tsx';
import { AnnotatedBibliography, ProjectExport } from './project-export.tsx';

/** How much of the person's note the project shows under a paper. */
const excerptLength = 240;

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > excerptLength ? `${flat.slice(0, excerptLength - 1)}…` : flat;
}

/** A section of the project page under its h2. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h2" sx={{ mb: space.inline }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * `/research/projects/:id`: a research project. Its question, its papers in order each with an annotation and
 * the person's note, papers to add, the annotated bibliography and its exports, the literature map and Ask the
 * library.
 */
export function ProjectPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  if (!user) {
    return (
      <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 1000 }}>
        <PageHeader title="Research project" guideAnchor="research" />
        <Typography>
          Projects are private to their owner. <TextLink to={loginPathFor(projectPath(id))}>Sign in</TextLink>{' '}
          to open yours.
        </Typography>
      </Box>
    );
  }
  return <SignedInProject id={id} />;
}

function SignedInProject({ id }: { id: string }) {
  const viewer = useResearchViewer();
  const project = useQuery(projectQuery(viewer, id));
  if (project.isPending) {
    return (
      <Box component="section" aria-labelledby="section-title">
        <PageHeader title="Research project" guideAnchor="research" />
        <CircularProgress aria-label="Loading the project" />
      </Box>
    );
  }
  if (project.isError) {
    return (
      <Box component="section" aria-labelledby="section-title">
        <PageHeader title="Research project" guideAnchor="research" />
        <QueryError
          error={project.error}
          onRetry={() => void project.refetch()}
          lead="The project could not be loaded."
        >
          {' '}
          <TextLink to="/research">Back to your research</TextLink>
        </QueryError>
      </Box>
    );
  }
  return <ProjectView project={project.data} />;
}

function ProjectView({ project }: { project: Project }) {
  const viewer = useResearchViewer();
  const home = useQuery(homeQuery(viewer));
  const refresh = useRefreshResearch();
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const inProject = useMemo(() => new Set(project.papers.map((item) => item.paper.id)), [project]);

  const change = useCallback(
    async (paperId: string, write: () => Promise<unknown>) => {
      setAdding(paperId);
      setFailure(null);
      try {
        await write();
      } catch (error) {
        setFailure(error);
      } finally {
        setAdding(null);
        await refresh();
      }
    },
    [refresh],
  );
  const add = useCallback(
    (paperId: string) => void change(paperId, () => putProjectPaper(project.id, paperId, '')),
    [change, project.id],
  );
  const remove = (paperId: string) => void change(paperId, () => removeProjectPaper(project.id, paperId));
  const annotationSaved = useCallback(() => void refresh(), [refresh]);

  return (
    <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 1100 }}>
      <PageHeader
        title={project.title}
        documentTitle={`${project.title} · Research`}
        subtitle={project.question || undefined}
        guideAnchor="research"
        actions={
          editing ? null : (
            <>
              <Button component={RouterLink} to="/research">
                Your research
              </Button>
              <Button variant="outlined" onClick={() => setEditing(true)}>
                Edit name and question
              </Button>
              <DeleteProjectButton projectId={project.id} title={project.title} />
            </>
          )
        }
      />
      {editing ? (
        <ProjectDetailsForm
          project={project}
          onDone={(saved) => {
            setEditing(false);
            if (saved) void refresh();
          }}
        />
      ) : null}
      {failure ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorSentence(failure)}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: space.section }}>
        <Section id="project-papers" title={`Papers (${project.papers.length})`}>
          {project.papers.length === 0 ? (
            <Typography color="text.secondary">
              No papers yet. Find them below, or add the ones the literature map suggests.
            </Typography>
          ) : (
            <Box
              component="ol"
              aria-label="Papers of the project"
              sx={{ m: 0, pl: 3, display: 'grid', gap: 2 }}
            >
              {project.papers.map((item) => (
                <li key={item.paper.id}>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 1 }}>
                    <Link
                      component={RouterLink}
                      to={paperPagePath(item.paper.id)}
                      sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                    >
                      {item.paper.title}
                    </Link>
                    <Button
                      size="small"
                      color="error"
                      disabled={adding === item.paper.id}
                      onClick={() => remove(item.paper.id)}
                      aria-label={`Remove ${item.paper.title} from the project`}
                    >
                      Remove
                    </Button>
                  </Box>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {paperByline(item.paper)}
                  </Typography>
                  <AnnotationField
                    projectId={project.id}
                    paperId={item.paper.id}
                    paperTitle={item.paper.title}
                    annotation={item.annotation}
                    onSaved={annotationSaved}
                  />
                  <Typography variant="body2" sx={{ mt: 0.5 }}>
                    {item.note ? (
                      <>
                        <Box component="span" sx={{ color: 'text.secondary' }}>
                          Your note:{' '}
                        </Box>
                        {excerpt(item.note)}{' '}
                        <Link component={RouterLink} to={notePath(item.paper.id)}>
                          Open the note
                        </Link>
                      </>
                    ) : (
                      <Link component={RouterLink} to={notePath(item.paper.id)}>
                        Write a note
                      </Link>
                    )}
                  </Typography>
                </li>
              ))}
            </Box>
          )}
        </Section>
        <Section id="project-add" title="Add papers">
          <AddPapers inProject={inProject} onAdd={add} adding={adding} />
        </Section>
        <Section id="project-bibliography" title="Annotated bibliography">
          <Box sx={{ display: 'grid', gap: 2 }}>
            <ProjectExport projectId={project.id} />
            {home.data ? (
              <AnnotatedBibliography project={project} style={home.data.citationStyle} />
            ) : home.isError ? (
              <QueryError error={home.error} onRetry={() => void home.refetch()} />
            ) : (
              <CircularProgress aria-label="Loading the bibliography" />
            )}
          </Box>
        </Section>
        <Section id="project-map" title="Literature map">
          <LiteratureMap projectId={project.id} projectTitle={project.title} onAdd={add} adding={adding} />
        </Section>
        <Section id="project-ask" title="Ask the library">
          <AskLibrary projectId={project.id} />
        </Section>
      </Box>
    </Box>
  );
}
