import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { CourseDraft, CourseDraftContent } from '../../../../contracts/classroom-authoring.ts';
import { ApiError } from '../../../lib/api.ts';
import { useDraftWrites } from '../../../lib/classroom-authoring-api.ts';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { draftIssues, placeOf, type DraftIssue } from './draft-issues.ts';

type Outcome =
  | { kind: 'none' }
  | { kind: 'saved' }
  | { kind: 'published'; version: number }
  | { kind: 'issues'; lead: string; issues: DraftIssue[] }
  | { kind: 'conflict'; message: string }
  | { kind: 'failed'; message: string };

/**
 * Saving and publishing the draft being edited. A save names the `updatedAt` it was edited from, so a save
 * over someone else's is refused; publishing saves first when there are changes. The contract checks the
 * draft before anything is sent.
 */
export function useEditorActions(draft: CourseDraft, content: CourseDraftContent) {
  const { save, publish } = useDraftWrites(draft.slug);
  const [saved, setSaved] = useState({ content: draft.content, updatedAt: draft.updatedAt });
  const [publishedVersion, setPublishedVersion] = useState(draft.publishedVersion);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const dirty = JSON.stringify(content) !== JSON.stringify(saved.content);
  const busy = save.isPending || publish.isPending;

  /** Saves if needed; false when it could not. */
  const saveNow = async (): Promise<boolean> => {
    const issues = draftIssues(content);
    if (issues.length > 0) {
      setOutcome({ kind: 'issues', lead: 'Fix these before saving:', issues });
      return false;
    }
    if (!dirty) return true;
    try {
      const next = await save.mutateAsync({ content, baseUpdatedAt: saved.updatedAt });
      setSaved({ content, updatedAt: next.updatedAt });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'classroom/draft-conflict') {
        setOutcome({ kind: 'conflict', message: errorSentence(error) });
      } else setOutcome(failureOf(error, content, 'The course was not saved.'));
      return false;
    }
  };

  return {
    dirty,
    busy,
    outcome,
    publishedVersion,
    save: async () => {
      setOutcome({ kind: 'none' });
      if (await saveNow()) setOutcome({ kind: 'saved' });
    },
    publish: async () => {
      setOutcome({ kind: 'none' });
      if (!(await saveNow())) return;
      try {
        const version = await publish.mutateAsync();
        setPublishedVersion(version.version);
        setOutcome({ kind: 'published', version: version.version });
      } catch (error) {
        setOutcome(failureOf(error, content, 'The course was not published.'));
      }
    },
  };
}

/** A refusal with field details is listed by place; anything else is the server's sentence. */
function failureOf(error: unknown, content: CourseDraftContent, lead: string): Outcome {
  if (error instanceof ApiError && error.fields.length > 0) {
    return {
      kind: 'issues',
      lead: `${lead} ${errorSentence(error)}`,
      issues: error.fields.map((field) => ({ place: placeOf(field.path, content), message: field.message })),
    };
  }
  return { kind: 'failed', message: `${lead} ${errorSentence(error)}` };
}

/** Save and Publish, with what the last of them said. */
export function EditorActions({
  actions,
  onReload,
  bottom = false,
}: {
  actions: ReturnType<typeof useEditorActions>;
  onReload: () => Promise<void>;
  /** The copy at the end of the page repeats the buttons, not the messages. */
  bottom?: boolean;
}) {
  const { outcome } = actions;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button
          variant="contained"
          disabled={actions.busy}
          onClick={() => void actions.save()}
          sx={{ minHeight: 44 }}
        >
          Save
        </Button>
        <Button
          variant="outlined"
          disabled={actions.busy}
          onClick={() => void actions.publish()}
          sx={{ minHeight: 44 }}
        >
          Publish
        </Button>
        {bottom ? null : (
          <Box component="span" sx={{ color: 'text.secondary', typography: 'body2' }}>
            {actions.dirty ? 'Unsaved changes' : 'All changes saved'}
          </Box>
        )}
      </Box>
      {bottom ? null : (
        <Box role="status">
          {outcome.kind === 'saved' ? <Alert severity="success">Saved.</Alert> : null}
          {outcome.kind === 'published' ? (
            <Alert severity="success">Version {outcome.version} is published.</Alert>
          ) : null}
        </Box>
      )}
      {bottom ? null : <Problems outcome={outcome} onReload={onReload} />}
    </Box>
  );
}

function Problems({ outcome, onReload }: { outcome: Outcome; onReload: () => Promise<void> }) {
  if (outcome.kind === 'conflict') {
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" onClick={() => void onReload()} sx={{ minHeight: 44 }}>
            Reload
          </Button>
        }
      >
        {outcome.message} Reloading drops your unsaved changes.
      </Alert>
    );
  }
  if (outcome.kind === 'failed') return <Alert severity="error">{outcome.message}</Alert>;
  if (outcome.kind !== 'issues') return null;
  return (
    <Alert severity="error">
      <AlertTitle>{outcome.lead}</AlertTitle>
      <Box component="ul" aria-label="Problems to fix" sx={{ m: 0, pl: 2.5 }}>
        {outcome.issues.map((issue, index) => (
          <li key={index}>
            {issue.place}: {issue.message}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
