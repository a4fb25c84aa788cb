import { lazy, memo, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Snackbar from '@mui/material/Snackbar';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { cardLimits } from '../../../contracts/card-text.ts';
import { cardTypes, cardVisibilities, undoDeleteSeconds } from '../../../contracts/cards.ts';
import type { CardType, CardVisibility } from '../../../contracts/cards.ts';
import { cardImageRules } from '../../../contracts/files.ts';
import { TextLink } from '../../components/text-link.tsx';
import { ApiError } from '../../lib/api.ts';
import {
  buildQueryRoot,
  cardQuery,
  deleteCard,
  imageProblem,
  publishCard,
  restoreCard,
  suggestTitles,
  unpublishCard,
} from './api.ts';
import { CardPreview } from './card-preview.tsx';
import { serverFields } from './content.ts';
import type { BuilderContent, FieldInputs } from './content.ts';
import { CoverImage } from './cover-image.tsx';
import type { DraftSession, SessionSnapshot } from './draft-session.ts';
import { UploadProgress, useImageUploads } from './image-uploads.tsx';
import { cardTypeLabels, visibilityLabels } from './labels.ts';
import type { MarkdownEditorHandle } from './markdown-editor.tsx';
import { SaveStatus } from './save-status.tsx';
import { TagsInput } from '../../components/tags-input.tsx';
import { fieldElementId, TypeFields } from './type-fields.tsx';
import { TypedLinks } from './typed-links.tsx';
import { useDraftSession } from './use-draft-session.ts';
import { errorSentence } from '../../lib/error-sentence.ts';

// CodeMirror is the largest part of the builder: its own chunk, loaded while the draft is fetched.
// Memoised: it renders only when its own props change, not on every keystroke in it.
const MarkdownEditor = lazy(async () => ({
  default: memo((await import('./markdown-editor.tsx')).MarkdownEditor),
}));

const titleId = 'build-title';
const tagsId = 'build-tags';

/** The order fields appear in on the page: focus goes to the first one with a problem. */
const fieldOrder = [
  'title',
  'fields.front',
  'fields.back',
  'fields.language',
  'fields.authors',
  'fields.year',
  'fields.doi',
  'fields.url',
  'body',
  'tags',
  'coverURL',
  'typedLinks',
];

type Errors = Record<string, string | undefined>;

/** Field problems from an API error, by path. */
function fieldErrorsOf(error: unknown): Errors {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(error.fields.map((field) => [field.path, field.message]));
}

function altTextOf(name: string): string {
  return (
    name
      .replace(/\.[^.]+$/, '')
      .replace(/[[\]\\]/g, '')
      .trim() || 'image'
  );
}

let uploadCounter = 0;

/** Content with nothing in it, for checking the type fields alone. */
const emptyContent: BuilderContent = {
  title: '',
  body: '',
  type: 'note',
  fields: { front: '', back: '', authors: [], year: '', doi: '', url: '', language: '' },
  tags: [],
  coverURL: null,
  visibility: 'public',
  typedLinks: [],
};

/** The builder for one card: `/build?card=<id>`. */
export function CardBuilder({ cardId, ownerKey }: { cardId: string; ownerKey: string }) {
  const [session, snapshot] = useDraftSession(cardId, ownerKey);
  // The editor's code downloads while the draft loads, not after.
  useEffect(() => {
    void import('./markdown-editor.tsx');
  }, []);

  if (snapshot.phase === 'loading') {
    return (
      <Box sx={{ py: 4 }}>
        <CircularProgress aria-label="Loading the draft" />
      </Box>
    );
  }
  if (snapshot.phase === 'failed' || !snapshot.content) {
    const notFound = snapshot.loadError?.status === 404;
    return (
      <Alert severity="error" sx={{ mt: 3 }}>
        {notFound
          ? 'There is no such card among yours: it may have been deleted.'
          : errorSentence(snapshot.loadError)}{' '}
        <TextLink to="/build">See your drafts</TextLink>.
      </Alert>
    );
  }
  return <Editor session={session} snapshot={snapshot} content={snapshot.content} />;
}

function Editor({
  session,
  snapshot,
  content,
}: {
  session: DraftSession;
  snapshot: SessionSnapshot;
  content: BuilderContent;
}) {
  const cardId = session.cardId;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const card = useQuery(cardQuery(cardId));
  const editor = useRef<MarkdownEditorHandle>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const bodyErrorId = useId();
  const bodyHelpId = useId();
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [focusTarget, setFocusTarget] = useState<{ path: string } | null>(null);
  const [busy, setBusy] = useState<'publish' | 'unpublish' | 'delete' | 'conflict' | null>(null);
  const [notice, setNotice] = useState<{
    kind: 'published' | 'unpublished' | 'restored';
    version?: number;
  } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [imageTrouble, setImageTrouble] = useState<string | null>(null);
  const [deleted, setDeleted] = useState(false);
  const inline = useImageUploads();
  const cover = useImageUploads();

  const meta = snapshot.meta;
  const { type, fields } = content;
  const bodyLength = content.body.length;
  const saveError = snapshot.saveError;
  // The problems known now, by path; the same object until one of them changes, for the memoised fields.
  const { errors, clientProblems } = useMemo(() => {
    const found: Errors = { ...fieldErrorsOf(saveError), ...serverErrors };
    const problems = serverFields({ ...emptyContent, type, fields }).problems;
    for (const problem of problems) {
      if (left.has(problem.path) || serverErrors[problem.path]) found[problem.path] = problem.message;
    }
    if (bodyLength > cardLimits.body.max)
      found.body = `At most ${cardLimits.body.max.toLocaleString('en')} characters (now ${bodyLength.toLocaleString('en')})`;
    return { errors: found, clientProblems: problems };
  }, [saveError, serverErrors, type, fields, left, bodyLength]);

  // Every callback below is stable: the parts of the page they go to are memoised and skip the render that
  // each keystroke in the text causes.
  const change = useCallback(
    (patch: Partial<BuilderContent>, paths: string[] = []) => {
      session.patch(patch);
      // A field being changed loses the server's word about it; the rest keep theirs.
      setServerErrors((previous) =>
        paths.some((path) => previous[path])
          ? Object.fromEntries(Object.entries(previous).filter(([key]) => !paths.includes(key)))
          : previous,
      );
    },
    [session],
  );
  const changeBody = useCallback((body: string) => change({ body }, ['body']), [change]);
  const changeFields = useCallback(
    (fields: FieldInputs) =>
      change(
        { fields },
        Object.keys(fields).map((key) => `fields.${key}`),
      ),
    [change],
  );
  const changeTags = useCallback((tags: string[]) => change({ tags }, ['tags']), [change]);
  const changeCover = useCallback((coverURL: string | null) => change({ coverURL }, ['coverURL']), [change]);
  const changeLinks = useCallback(
    (typedLinks: BuilderContent['typedLinks']) => change({ typedLinks }, ['typedLinks']),
    [change],
  );
  const leaveField = useCallback(
    (key: keyof FieldInputs) => setLeft((previous) => new Set([...previous, `fields.${key}`])),
    [],
  );
  const pickImage = useCallback(() => imageInput.current?.click(), []);

  // The editor starts from the text it is given at mount; later text comes from typing in it. Only text
  // loaded from elsewhere (after a conflict) gives it a new start, with a new key.
  const [editorStart, setEditorStart] = useState({ version: snapshot.contentVersion, body: content.body });
  if (editorStart.version !== snapshot.contentVersion) {
    setEditorStart({ version: snapshot.contentVersion, body: content.body });
  }

  // Focus moves to the first field with a problem once the page shows them.
  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget.path === 'body') editor.current?.focus();
    else {
      const id =
        focusTarget.path === 'title'
          ? titleId
          : focusTarget.path === 'tags'
            ? tagsId
            : focusTarget.path.startsWith('fields.')
              ? fieldElementId(focusTarget.path.slice('fields.'.length) as keyof FieldInputs)
              : null;
      if (id) document.getElementById(id)?.focus();
    }
  }, [focusTarget]);

  const showErrors = (found: Errors) => {
    setServerErrors(found);
    const first = fieldOrder.find((path) => found[path]) ?? Object.keys(found)[0];
    if (first) {
      if (first === 'body' && !wide) setTab('write');
      setFocusTarget({ path: first });
    }
  };

  const publish = async () => {
    setProblem(null);
    setNotice(null);
    if (clientProblems.length > 0) {
      showErrors(Object.fromEntries(clientProblems.map((each) => [each.path, each.message])));
      return;
    }
    setBusy('publish');
    try {
      if (!(await session.flush())) {
        const now = session.getSnapshot();
        setProblem(
          now.status === 'conflict'
            ? 'Settle the change made elsewhere first, then publish.'
            : now.status === 'error'
              ? `The draft could not be saved, so it was not published. ${errorSentence(now.saveError)}`
              : 'The draft could not reach the server, so it was not published. It is saved on this device; publish again when you are back online.',
        );
        return;
      }
      const published = await publishCard(cardId);
      session.published(true);
      setServerErrors({});
      queryClient.setQueryData(cardQuery(cardId).queryKey, published);
      void queryClient.invalidateQueries({ queryKey: [...buildQueryRoot, 'drafts'] });
      setNotice({ kind: 'published', version: published.version });
    } catch (error) {
      const found = fieldErrorsOf(error);
      if (Object.keys(found).length > 0) {
        setProblem('The card is not ready to publish yet: see the fields marked below.');
        showErrors(found);
      } else setProblem(errorSentence(error));
    } finally {
      setBusy(null);
    }
  };

  const unpublish = async () => {
    setProblem(null);
    setNotice(null);
    setBusy('unpublish');
    try {
      const result = await unpublishCard(cardId);
      session.published(false);
      queryClient.setQueryData(cardQuery(cardId).queryKey, result);
      setNotice({ kind: 'unpublished' });
    } catch (error) {
      setProblem(errorSentence(error));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setProblem(null);
    setNotice(null);
    setBusy('delete');
    session.stop();
    try {
      await deleteCard(cardId);
      setDeleted(true);
    } catch (error) {
      session.resume();
      setProblem(errorSentence(error));
    } finally {
      setBusy(null);
    }
  };

  const undo = async () => {
    setDeleted(false);
    try {
      await restoreCard(cardId);
      session.resume();
      setNotice({ kind: 'restored' });
    } catch (error) {
      setProblem(`The card could not be brought back. ${errorSentence(error)}`);
      await gone();
    }
  };

  const gone = async () => {
    await session.forget();
    void queryClient.invalidateQueries({ queryKey: buildQueryRoot });
    await navigate('/build', { replace: true });
  };

  const resolve = async (choice: 'latest' | 'mine') => {
    setBusy('conflict');
    setProblem(null);
    try {
      await session.resolveConflict(choice);
    } catch (error) {
      setProblem(`Nothing was changed. ${errorSentence(error)}`);
    } finally {
      setBusy(null);
    }
  };

  const startInline = inline.start;
  const insertImages = useCallback(
    (files: File[], position: number) => {
      setImageTrouble(null);
      let at = position;
      for (const file of files) {
        const why = imageProblem(file);
        if (why) {
          setImageTrouble(why);
          continue;
        }
        const alt = altTextOf(file.name);
        uploadCounter += 1;
        // A placeholder marks the spot; it moves with the text typed meanwhile and becomes the image.
        const marker = `![Uploading ${alt} (${uploadCounter})…]()`;
        editor.current?.insert(marker, at);
        at += marker.length;
        startInline(file).then(
          (image) => editor.current?.replace(marker, `![${alt}](${image.url})`),
          (error: unknown) => {
            editor.current?.replace(marker, '');
            setImageTrouble(`“${file.name}” was not uploaded. ${errorSentence(error)}`);
          },
        );
      }
    },
    [startInline],
  );

  const version = card.data?.version ?? 0;
  const published = meta?.published ?? card.data?.status === 'published';
  const bodyError = errors.body;

  const editorArea = (
    <Box>
      <Suspense
        fallback={
          <Box sx={{ minHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
            <CircularProgress size={24} aria-label="Loading the editor" />
          </Box>
        }
      >
        <MarkdownEditor
          // Text loaded from the server again (after a conflict) starts the editor afresh.
          key={editorStart.version}
          ref={editor}
          initialValue={editorStart.body}
          onChange={changeBody}
          label="Card text, in Markdown"
          describedBy={bodyError ? `${bodyErrorId} ${bodyHelpId}` : bodyHelpId}
          invalid={Boolean(bodyError)}
          suggestTitles={suggestTitles}
          onImageFiles={insertImages}
          onPickImage={pickImage}
        />
      </Suspense>
      {bodyError ? (
        <Typography id={bodyErrorId} color="error" variant="body2" sx={{ mt: 0.5 }}>
          {bodyError}
        </Typography>
      ) : null}
      <Typography id={bodyHelpId} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        Markdown with $math$, ```code``` and [[links]] to other cards. Paste or drop images into the text.
        Ctrl+F searches.
      </Typography>
      <UploadProgress uploads={inline.uploads} />
      {imageTrouble ? (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => setImageTrouble(null)}>
          {imageTrouble}
        </Alert>
      ) : null}
      <input
        ref={imageInput}
        type="file"
        multiple
        accept={cardImageRules.types.join(',')}
        aria-label="Image file to insert"
        tabIndex={-1}
        hidden
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          insertImages(files, editor.current?.cursor() ?? content.body.length);
        }}
      />
    </Box>
  );
  const preview = (
    <Box
      component="section"
      aria-label="Preview"
      sx={{
        p: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        minHeight: 360,
        overflowWrap: 'anywhere',
      }}
    >
      <CardPreview content={content} />
    </Box>
  );

  return (
    <Box sx={{ mt: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <TextLink to="/build">All drafts</TextLink>
        <SaveStatus snapshot={snapshot} />
        {published ? (
          <Chip
            size="small"
            color="success"
            variant="outlined"
            label={`Published · version ${version || '…'}`}
          />
        ) : (
          <Chip
            size="small"
            variant="outlined"
            label={version > 0 ? `Unpublished · last version ${version}` : 'Not published yet'}
          />
        )}
        {published && meta?.hasUnpublishedChanges ? (
          <Chip size="small" color="warning" variant="outlined" label="Unpublished changes" />
        ) : null}
        {meta?.forkOf ? (
          <Typography variant="body2">
            Remix of{' '}
            <Link component={RouterLink} to={`/cards/${meta.forkOf.id}`}>
              {meta.forkOf.title}
            </Link>
          </Typography>
        ) : null}
      </Box>

      {snapshot.status === 'conflict' ? (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button
                color="inherit"
                size="small"
                disabled={busy === 'conflict'}
                onClick={() => void resolve('latest')}
              >
                Load the latest
              </Button>
              <Button
                color="inherit"
                size="small"
                disabled={busy === 'conflict'}
                onClick={() => void resolve('mine')}
              >
                Keep mine
              </Button>
            </Box>
          }
        >
          This draft was changed elsewhere (another tab or device). Your text here is kept on this device
          until you choose: load the latest version instead of yours, or keep yours and save it over the
          latest.
        </Alert>
      ) : null}
      {snapshot.restored && snapshot.status !== 'conflict' ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Changes you had not saved to the server were restored from this device.
        </Alert>
      ) : null}
      {snapshot.status === 'error' ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          The server did not take the last change: {errorSentence(snapshot.saveError)} Your text is kept on
          this device; fix the field and it will save again.
        </Alert>
      ) : null}

      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <TextField
          id={titleId}
          label="Title"
          value={content.title}
          onChange={(event) => change({ title: event.target.value }, ['title'])}
          error={Boolean(errors.title)}
          helperText={errors.title ?? `${content.title.length} of ${cardLimits.title.max} characters`}
          slotProps={{ htmlInput: { maxLength: cardLimits.title.max } }}
          fullWidth
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'flex-start' }}>
          <TextField
            select
            id="build-type"
            label="Card type"
            value={content.type}
            onChange={(event) => change({ type: event.target.value as CardType })}
            sx={{ minWidth: 200 }}
          >
            {cardTypes.map((type) => (
              <MenuItem key={type} value={type}>
                {cardTypeLabels[type]}
              </MenuItem>
            ))}
          </TextField>
          <FormControl component="fieldset">
            <FormLabel component="legend">Who can see it</FormLabel>
            <RadioGroup
              row
              name="visibility"
              value={content.visibility}
              onChange={(event) => change({ visibility: event.target.value as CardVisibility })}
            >
              {cardVisibilities.map((visibility) => (
                <FormControlLabel
                  key={visibility}
                  value={visibility}
                  control={<Radio />}
                  label={`${visibilityLabels[visibility].label} (${visibilityLabels[visibility].help})`}
                />
              ))}
            </RadioGroup>
          </FormControl>
        </Box>
        <TypeFields
          type={content.type}
          fields={content.fields}
          onChange={changeFields}
          errors={errors}
          onLeave={leaveField}
        />

        {wide ? (
          <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 2 }}>
            {editorArea}
            {preview}
          </Box>
        ) : (
          <Box>
            <Tabs
              value={tab}
              onChange={(_event, value: 'write' | 'preview') => setTab(value)}
              aria-label="Text or preview"
            >
              <Tab value="write" label="Write" id="build-tab-write" aria-controls="build-panel-write" />
              <Tab
                value="preview"
                label="Preview"
                id="build-tab-preview"
                aria-controls="build-panel-preview"
              />
            </Tabs>
            {/* Both stay mounted, so switching keeps the editor's selection and history. */}
            <Box
              role="tabpanel"
              id="build-panel-write"
              aria-labelledby="build-tab-write"
              hidden={tab !== 'write'}
              sx={{ pt: 2 }}
            >
              {editorArea}
            </Box>
            <Box
              role="tabpanel"
              id="build-panel-preview"
              aria-labelledby="build-tab-preview"
              hidden={tab !== 'preview'}
              sx={{ pt: 2 }}
            >
              {preview}
            </Box>
          </Box>
        )}

        <TagsInput
          id={tagsId}
          tags={content.tags}
          onChange={changeTags}
          max={cardLimits.tags.max}
          tooMany={`A card can have at most ${cardLimits.tags.max} tags.`}
          hint={`Press Enter or a comma after each tag. Lowercase; nest with / (ml/recsys). ${content.tags.length} of ${cardLimits.tags.max}.`}
          error={errors.tags}
        />
      </Box>

      <CoverImage
        coverURL={content.coverURL}
        onChange={changeCover}
        upload={cover.start}
        uploads={cover.uploads}
        error={errors.coverURL}
      />
      <TypedLinks
        cardId={cardId}
        links={content.typedLinks}
        onChange={changeLinks}
        error={errors.typedLinks}
      />

      <Box sx={{ mt: 4, pt: 2, borderTop: 1, borderColor: 'divider' }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          <Button variant="contained" disabled={busy !== null || deleted} onClick={() => void publish()}>
            {busy === 'publish' ? 'Publishing…' : published ? 'Publish changes' : 'Publish'}
          </Button>
          {published ? (
            <Button variant="outlined" disabled={busy !== null || deleted} onClick={() => void unpublish()}>
              Unpublish
            </Button>
          ) : null}
          <Button color="error" disabled={busy !== null || deleted} onClick={() => void remove()}>
            Delete
          </Button>
        </Box>
        <Box role="status" sx={{ mt: notice ? 2 : 0 }}>
          {notice?.kind === 'published' ? (
            <Alert severity="success" role="none">
              Published as version {notice.version}.{' '}
              <Link component={RouterLink} to={`/cards/${cardId}`} color="inherit" underline="always">
                Open the card
              </Link>
            </Alert>
          ) : null}
          {notice?.kind === 'unpublished' ? (
            <Alert severity="success" role="none">
              Unpublished: only you can open the card now. Publish it again whenever you like.
            </Alert>
          ) : null}
          {notice?.kind === 'restored' ? (
            <Alert severity="success" role="none">
              The card is back.
            </Alert>
          ) : null}
        </Box>
        {problem ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        ) : null}
      </Box>

      <Snackbar
        open={deleted}
        autoHideDuration={undoDeleteSeconds * 1000}
        onClose={(_event, reason) => {
          if (reason === 'clickaway') return;
          setDeleted(false);
          void gone();
        }}
        message="Card deleted"
        action={
          <Button color="inherit" size="small" onClick={() => void undo()}>
            Undo
          </Button>
        }
      />
    </Box>
  );
}
