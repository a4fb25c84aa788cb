import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ClassView } from '../../../../contracts/classroom-authoring.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { useClassView } from '../../../lib/classroom-authoring-api.ts';
import { courseEditorPath, teachingPagePath } from '../../../lib/classroom-paths.ts';
import { space } from '../../../lib/spacing.ts';
import { percentText } from './class-numbers.ts';
import { LearnerTable, LessonTable, QuestionTable } from './class-tables.tsx';

/** `/classroom/classes/:slug/class`, for the course's instructors: who takes it and where they struggle. */
export function ClassViewPage() {
  const { slug = '' } = useParams();
  const query = useClassView(slug);
  if (!query.data) {
    return (
      <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 960 }}>
        <PageHeader title="Class" guideAnchor="classroom" />
        {query.isError ? (
          <QueryError
            error={query.error}
            lead="The class could not be loaded."
            onRetry={() => void query.refetch()}
          />
        ) : (
          <PageLoading />
        )}
      </Box>
    );
  }
  const view = query.data;
  return (
    <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 960, minWidth: 0 }}>
      <PageHeader
        title={`Class: ${view.course.title}`}
        guideAnchor="classroom"
        subtitle={view.course.version ? `Version ${view.course.version}` : 'Not published yet'}
      />
      <Box sx={{ display: 'grid', gap: space.section, minWidth: 0 }}>
        <Totals view={view} />
        <LessonTable lessons={view.lessons} />
        <QuestionTable questions={view.questions} />
        <LearnerTable learners={view.learners} />
        <Typography>
          <TextLink to={courseEditorPath(view.course.slug)}>Edit the course</TextLink> ·{' '}
          <TextLink to={teachingPagePath}>All the courses you teach</TextLink>
        </Typography>
      </Box>
    </Box>
  );
}

/** Enrolled, completed and the completion rate, as a list of figures. */
function Totals({ view }: { view: ClassView }) {
  const figures = [
    { label: 'Enrolled', value: String(view.enrolled) },
    { label: 'Completed', value: String(view.completed) },
    { label: 'Completion rate', value: percentText(view.completed, view.enrolled) },
  ];
  return (
    <Box
      component="dl"
      aria-label="Totals"
      sx={{
        m: 0,
        display: 'grid',
        gap: space.block,
        gridTemplateColumns: 'repeat(auto-fit, minmax(8rem, 1fr))',
      }}
    >
      {figures.map((figure) => (
        <Paper key={figure.label} variant="outlined" sx={{ p: 2 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {figure.label}
          </Typography>
          <Typography component="dd" variant="h4" sx={{ m: 0 }}>
            {figure.value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
