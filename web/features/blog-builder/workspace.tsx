import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { BuilderDraft, BuilderSession, BuilderSource } from '../../../contracts/blog-builder.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { space } from '../../lib/spacing.ts';
import { openInEditor, saveOutline, saveSources, sessionQuery } from './api.ts';
import { DraftView } from './draft-view.tsx';
import { MarkdownPreview } from './markdown-preview.tsx';
import { ModeBar } from './mode-bar.tsx';
import { OutlineEditor } from './outline-step.tsx';
import { ReviseForm } from './revise-form.tsx';
import { SourcesPanel, withinLimits } from './sources-panel.tsx';
import { useBuilderRun, type BuilderRun } from './use-builder-run.ts';
import { VersionsPanel } from './versions-panel.tsx';

const stepNames = ['Sources', 'Outline', 'Draft', 'Revise'] as const;

/** The step to open a session at: the first one it has not done yet. */
function firstOpenStep(session: BuilderSession): number {
  if (!session.outline) return 1;
  if (!session.current) return 2;
  return 3;
}

const runningWords = {
  outline: 'Making the outline…',
  draft: 'Writing the draft…',
  revise: 'Revising…',
} as const;

/** The words the status line says (politely, once per change, never per token). */
function statusWords(run: BuilderRun): string {
  if (!run.step) return '';
  if (run.status === 'running') return runningWords[run.step];
  if (run.status === 'stopped') return 'Stopped. What was written so far is kept.';
  if (run.status === 'failed') return 'The step stopped with an error. What was written so far is kept.';
  if (run.status === 'done')
    return run.step === 'outline'
      ? 'The outline is ready.'
      : run.version === null
        ? 'Done.'
        : `Version ${run.version} is ready.`;
  return '';
}

/** One step's panel, named by its heading. */
function StepPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box role="tabpanel" aria-label={title} sx={{ display: 'grid', gap: space.block, minWidth: 0 }}>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The ids of a source set, in order, for telling whether it changed. */
const idsOf = (sources: readonly BuilderSource[]) => sources.map((source) => source.id).join(',');

/**
 * An open session: the stepper (Sources → Outline → Draft → Revise, any step can be opened again), the
 * writer and its usage, the streamed steps with Stop and Retry, and "Open in editor".
 */
export function Workspace({ viewer, session }: { viewer: string; session: BuilderSession }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [active, setActive] = useState(() => firstOpenStep(session));
  const [chosen, setChosen] = useState<readonly BuilderSource[]>(session.sources);
  const [sourcesFailure, setSourcesFailure] = useState<unknown>(null);
  const [savingSources, setSavingSources] = useState(false);
  const [useComposer, setUseComposer] = useState(false);
  // Drafts of versions seen on this page, for comparing: the API gives only the newest in full.
  const [seen, setSeen] = useState<ReadonlyMap<number, BuilderDraft>>(
    () => new Map(session.current ? [[session.current.number, session.current.draft]] : []),
  );
  const [draftTab, setDraftTab] = useState<'post' | 'markdown'>('post');
  const [opening, setOpening] = useState(false);
  const [openFailure, setOpenFailure] = useState<unknown>(null);

  const remember = useCallback(
    (number: number, draft: BuilderDraft) => setSeen((current) => new Map(current).set(number, draft)),
    [],
  );
  const { run, start, stop, retry } = useBuilderRun(viewer, session.id, remember);
  const current = session.current;
  const drafts = useMemo(() => {
    const all = new Map(seen);
    if (current) all.set(current.number, current.draft);
    return all;
  }, [seen, current]);

  const mode = useComposer ? 'composer' : 'auto';
  const running = run.status === 'running';
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: sessionQuery(viewer, session.id).queryKey });

  const saveChosen = async () => {
    setSavingSources(true);
    setSourcesFailure(null);
    try {
      await saveSources(
        session.id,
        chosen.map((card) => card.id),
      );
      await refresh();
    } catch (error) {
      setSourcesFailure(error);
    } finally {
      setSavingSources(false);
    }
  };

  const open = async () => {
    setOpening(true);
    setOpenFailure(null);
    try {
      const { postId } = await openInEditor(session.id);
      await navigate(`/blog/write/${postId}`);
    } catch (error) {
      setOpenFailure(error);
      setOpening(false);
    }
  };

  const sourcesChanged = idsOf(chosen) !== idsOf(session.sources);
  const headings = session.outline?.sections.map((section) => section.heading) ?? [];
  const writerMode = run.mode?.mode ?? session.current?.mode ?? null;

  return (
    <Box sx={{ display: 'grid', gap: space.block, minWidth: 0 }}>
      <Stepper nonLinear alternativeLabel activeStep={active} aria-label="Steps">
        {stepNames.map((name, index) => (
          <Step
            key={name}
            completed={
              index === 0
                ? session.sources.length > 0
                : index === 1
                  ? session.outline !== null
                  : index === 2
                    ? session.current !== null
                    : session.versions.length > 1
            }
          >
            {/* A tab of the stepper's tab list (MUI's own roles); the panel below is its tab panel. */}
            <StepButton onClick={() => setActive(index)}>{name}</StepButton>
          </Step>
        ))}
      </Stepper>

      <ModeBar
        mode={writerMode}
        notice={run.mode?.notice ?? null}
        usage={session.usage}
        useComposer={useComposer}
        onUseComposer={setUseComposer}
      />

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography role="status" aria-live="polite" sx={{ flex: '1 1 12rem' }}>
          {statusWords(run)}
        </Typography>
        {running ? (
          <Button variant="outlined" color="warning" onClick={stop}>
            Stop
          </Button>
        ) : null}
      </Box>
      {run.status === 'failed' && run.failure ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={retry}>
              Retry
            </Button>
          }
        >
          {run.failure}
        </Alert>
      ) : null}
      {run.live !== '' ? (
        <Box
          component="section"
          aria-label={running ? 'Writing…' : 'Written before the stop'}
          sx={{ p: 1.5, border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 1 }}
        >
          <Typography variant="overline" component="p">
            {running ? 'Writing…' : 'Written before the stop'}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{run.live}</Typography>
        </Box>
      ) : null}

      {active === 0 ? (
        <StepPanel title="Sources">
          <SourcesPanel
            viewer={viewer}
            chosen={chosen}
            onChange={setChosen}
            action={
              <Box sx={{ display: 'grid', gap: 1 }}>
                {sourcesFailure ? <Alert severity="error">{errorSentence(sourcesFailure)}</Alert> : null}
                <Box>
                  <Button
                    variant="contained"
                    disabled={!sourcesChanged || savingSources || !withinLimits(chosen)}
                    onClick={() => void saveChosen()}
                  >
                    {savingSources ? 'Saving…' : 'Save sources'}
                  </Button>
                </Box>
              </Box>
            }
          />
        </StepPanel>
      ) : null}

      {active === 1 ? (
        <StepPanel title="Outline">
          <Box>
            <Button
              variant={session.outline ? 'outlined' : 'contained'}
              disabled={running}
              onClick={() => void start('outline', { mode })}
            >
              {session.outline ? 'Make a new outline' : 'Make outline'}
            </Button>
          </Box>
          {session.outline ? (
            <OutlineEditor
              key={JSON.stringify(session.outline)}
              outline={session.outline}
              sources={session.sources}
              onSave={async (outline) => {
                await saveOutline(session.id, outline);
                await refresh();
              }}
            />
          ) : (
            <Typography color="text.secondary">
              No outline yet. “Make outline” proposes a title and sections from the chosen cards.
            </Typography>
          )}
        </StepPanel>
      ) : null}

      {active === 2 ? (
        <StepPanel title="Draft">
          <Box>
            <Button
              variant={session.current ? 'outlined' : 'contained'}
              disabled={running || session.outline === null}
              onClick={() => void start('draft', { mode })}
            >
              {session.current ? 'Write a new draft' : 'Write draft'}
            </Button>
          </Box>
          {session.outline === null ? (
            <Typography color="text.secondary">Make the outline first, then the draft.</Typography>
          ) : null}
          {session.current ? (
            <>
              <Tabs
                value={draftTab}
                onChange={(_event, value: 'post' | 'markdown') => setDraftTab(value)}
                aria-label="Draft view"
              >
                <Tab value="post" label="Post" />
                <Tab value="markdown" label="Markdown" />
              </Tabs>
              {draftTab === 'post' ? (
                <DraftView draft={session.current.draft} sources={session.sources} />
              ) : (
                <MarkdownPreview draft={session.current.draft} sources={session.sources} />
              )}
            </>
          ) : null}
        </StepPanel>
      ) : null}

      {active === 3 ? (
        <StepPanel title="Revise">
          {session.current ? (
            <>
              <ReviseForm
                headings={headings}
                busy={running}
                onRevise={(request) => void start('revise', { ...request, mode })}
              />
              <VersionsPanel viewer={viewer} session={session} drafts={drafts} />
            </>
          ) : (
            <Typography color="text.secondary">Write a draft first, then revise it.</Typography>
          )}
        </StepPanel>
      ) : null}

      <Box
        component="section"
        aria-label="Open in editor"
        sx={{ display: 'grid', gap: 1, pt: 1, borderTop: 1, borderColor: 'divider' }}
      >
        <Typography variant="body2" color="text.secondary">
          The builder never publishes. “Open in editor” makes a blog draft of the newest version, which you
          edit and publish yourself.
        </Typography>
        {openFailure ? <Alert severity="error">{errorSentence(openFailure)}</Alert> : null}
        <Box>
          <Button
            variant="contained"
            disabled={!session.current || opening || running}
            onClick={() => void open()}
          >
            {opening ? 'Opening…' : 'Open in editor'}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
