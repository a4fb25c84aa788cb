import { useEffect, useState } from 'react';
import { useBlocker, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { CourseDraft, CourseDraftContent } from '../../../../contracts/classroom-authoring.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { SheetDialog } from '../../../components/sheet-dialog.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { useDraft } from '../../../lib/classroom-authoring-api.ts';
import { classViewPath, teachingPagePath } from '../../../lib/classroom-paths.ts';
import { space } from '../../../lib/spacing.ts';
import { CourseDetailsForm } from './course-details-form.tsx';
import { updateLesson } from './draft-edits.ts';
import { EditorActions, useEditorActions } from './editor-actions.tsx';
import { LessonForm } from './lesson-form.tsx';
import { ModuleList } from './module-list.tsx';

/** `/classroom/classes/:slug/edit`, for the course's instructors: the whole draft, saved and published. */
export function EditorPage() {
  const { slug = '' } = useParams();
  const query = useDraft(slug);
  const [loads, setLoads] = useState(0);
  if (!query.data) {
    return (
      <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 1200 }}>
        <PageHeader title="Edit course" guideAnchor="classroom" />
        {query.isError ? (
          <QueryError
            error={query.error}
            lead="The course could not be loaded."
            onRetry={() => void query.refetch()}
          />
        ) : (
          <PageLoading />
        )}
      </Box>
    );
  }
  return (
    <Editor
      // Reloading after a conflict starts the editor afresh from the server's draft.
      key={loads}
      draft={query.data}
      onReload={async () => {
        await query.refetch();
        setLoads((count) => count + 1);
      }}
    />
  );
}

function Editor({ draft, onReload }: { draft: CourseDraft; onReload: () => Promise<void> }) {
  const [content, setContent] = useState<CourseDraftContent>(draft.content);
  const [selected, setSelected] = useState<string | null>(draft.content.lessons[0]?.source.slug ?? null);
  const actions = useEditorActions(draft, content);
  const lessonIndex = content.lessons.findIndex((lesson) => lesson.source.slug === selected);
  const lesson = content.lessons[lessonIndex];

  return (
    <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 1200, minWidth: 0 }}>
      <PageHeader
        title={`Edit: ${content.course.title || draft.slug}`}
        guideAnchor="classroom"
        subtitle={
          <>
            {actions.publishedVersion
              ? `Version ${actions.publishedVersion} is published`
              : 'Not published yet'}{' '}
            · <TextLink to={classViewPath(draft.slug)}>Class</TextLink> ·{' '}
            <TextLink to={teachingPagePath}>All your courses</TextLink>
          </>
        }
      />
      <Box sx={{ display: 'grid', gap: space.section, minWidth: 0 }}>
        <EditorActions actions={actions} onReload={onReload} />
        <CourseDetailsForm
          course={content.course}
          onChange={(course) => setContent({ ...content, course })}
        />
        <ModuleList
          content={content}
          selected={lesson ? selected : null}
          onChange={setContent}
          onSelect={setSelected}
        />
        {lesson ? (
          <LessonForm
            // A new lesson opens with its own fields (and its own Markdown editor).
            key={`${lessonIndex}`}
            lesson={lesson}
            number={lessonIndex + 1}
            others={content.lessons
              .filter((_, at) => at !== lessonIndex)
              .map((other) => ({ slug: other.source.slug, title: other.source.title }))}
            onChange={(next) => {
              setContent(updateLesson(content, lessonIndex, next));
              if (next.source.slug !== lesson.source.slug) setSelected(next.source.slug);
            }}
          />
        ) : null}
        <EditorActions actions={actions} onReload={onReload} bottom />
      </Box>
      <LeaveGuard dirty={actions.dirty} />
    </Box>
  );
}

/** Asks before leaving with unsaved changes: in the app (the router's blocker) and when the tab closes. */
function LeaveGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return (
    <SheetDialog
      open={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      aria-labelledby="leave-editor-title"
    >
      <DialogTitle id="leave-editor-title">Leave without saving?</DialogTitle>
      <DialogContent>
        <DialogContentText>Your changes to this course are not saved yet.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()}>Stay</Button>
        <Button color="error" onClick={() => blocker.proceed?.()}>
          Leave
        </Button>
      </DialogActions>
    </SheetDialog>
  );
}
